import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cachePublicAnswers } from './http-cache';

async function appWithPublicGroup() {
  const app = Fastify();
  await app.register(async (group) => {
    cachePublicAnswers(group);
    group.get('/public/ok', async () => ({ ok: true }));
    group.get('/public/missing', async (_request, reply) => reply.code(404).send({ message: 'gone' }));
    group.get('/public/private', async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ ok: true }),
    );
  });
  app.get('/elsewhere', async () => ({ ok: true }));
  return app;
}

describe('cachePublicAnswers', () => {
  it("lets caches keep a group's successful answers a minute, and nothing else", async () => {
    const app = await appWithPublicGroup();
    const header = async (url: string) => (await app.inject({ url })).headers['cache-control'];
    expect(await header('/public/ok')).toBe('public, max-age=60');
    expect(await header('/public/missing')).toBeUndefined();
    expect(await header('/public/private')).toBe('no-store');
    expect(await header('/elsewhere')).toBeUndefined();
    await app.close();
  });
});
