// The OpenAPI document describes the answers as they are sent: a route that answers a file (the
// certificate, an XLIFF export) documents the file's media type for its success only, and its
// errors as the JSON they are.
import { describe, expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { signInAs } from '../test/sign-in';

const t = testAppPerFile();

type Responses = Record<string, { content?: Record<string, unknown> }>;

async function responsesOf(method: string, path: string): Promise<Responses> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { responses: Responses }>>;
  };
  return doc.paths[path]![method]!.responses;
}

const mediaTypes = (responses: Responses) =>
  Object.fromEntries(Object.entries(responses).map(([status, answer]) => [status, Object.keys(answer.content ?? {})]));

describe('a route that answers a file', () => {
  it('documents the file for its success and JSON for its errors (the certificate)', async () => {
    const types = mediaTypes(await responsesOf('get', '/api/progress/{lang}/certificate'));
    expect(types['200']).toEqual(['application/pdf']);
    const errors = Object.entries(types).filter(([status]) => status !== '200');
    expect(errors.length).toBeGreaterThan(3);
    for (const [status, media] of errors) expect(media, status).toEqual(['application/json']);
  });

  it('answers its errors as JSON, as documented', async () => {
    const learner = await signInAs(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/progress/en/certificate', headers: learner.headers });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: expect.any(String) });
  });

  it('documents an XLIFF export the same way', async () => {
    for (const path of ['/api/staff/content/xliff/{lang}', '/api/staff/content/{id}/{lang}/xliff']) {
      const types = mediaTypes(await responsesOf('get', path));
      expect(types['200'], path).toEqual(['application/xliff+xml']);
      for (const [status, media] of Object.entries(types).filter(([code]) => code !== '200'))
        expect(media, `${path} ${status}`).toEqual(['application/json']);
    }
  });
});

describe('the document', () => {
  it('lists the 400 of the input check outside the API too (the health checks), and leaves the web app’s pages out', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Responses }>>;
    };
    expect(Object.keys(doc.paths['/health/live']!.get!.responses).sort()).toEqual(['200', '400']);
    const res = await t.app.inject({ method: 'GET', url: '/health/live?x=%00' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/') && !path.startsWith('/health/'))).toEqual(
      [],
    );
  });
});
