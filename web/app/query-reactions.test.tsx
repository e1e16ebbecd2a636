import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiTransport } from '../lib/api-client';
import { sessionKeys } from '../lib/session';
import { blogKeys } from '../features/blogs/api/keys';
import { learningKeys } from '../lib/course/keys';
import { useCompleteLesson } from '../features/learning/api/progress';
import { profileKeys } from '../features/profile/api/keys';
import { useGuardianConsent, useUpdateMe } from '../features/profile/api/profile';
import { createQueryClient } from './providers';
import { reactToMutation, type Reaction } from './query-reactions';

/** What a hook returns inside the app's providers (rendered once, as the server does). */
function hookResult<T>(client: QueryClient, hook: () => T): T {
  const box: { value?: T } = {};
  function Probe() {
    box.value = hook();
    return null;
  }
  renderToString(
    <QueryClientProvider client={client}>
      <Probe />
    </QueryClientProvider>,
  );
  if (box.value === undefined) throw new Error('the hook did not run');
  return box.value;
}

/** Every call is answered with this status and body. */
function answer(status: number, body: unknown) {
  setApiTransport(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

const stale = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated;

let client: QueryClient;
beforeEach(() => {
  client = createQueryClient();
  client.setQueryData(sessionKeys.session, { role: 'user', name: 'Asha', active: true });
  client.setQueryData(profileKeys.stats('en'), { completed: 1 });
  client.setQueryData(profileKeys.stats('hi'), { completed: 1 });
  client.setQueryData(learningKeys.progress('en', 'c1'), { progress: {} });
  client.setQueryData(blogKeys.recent('en'), { response: [] });
});

describe('cross-feature reactions', () => {
  it('a profile change makes the session stale, for the name in the header, and nothing else', async () => {
    const user = { name: 'Asha Devi' };
    answer(200, { user });
    await hookResult(client, useUpdateMe).mutateAsync({ name: 'Asha Devi' });
    await vi.waitFor(() => expect(stale(client, sessionKeys.session)).toBe(true));
    expect(client.getQueryData(profileKeys.me)).toEqual({ user });
    expect(stale(client, profileKeys.me)).toBe(false);
    expect(stale(client, profileKeys.stats('en'))).toBe(false);
    expect(stale(client, blogKeys.recent('en'))).toBe(false);
  });

  it("a completed lesson makes the profile's stats stale in every language, beside the feature's own progress", async () => {
    answer(200, { message: 'done' });
    await hookResult(client, () => useCompleteLesson('en', 'c1')).mutateAsync({ chapterId: 'ch1', lessonId: 'l1' });
    await vi.waitFor(() => expect(stale(client, profileKeys.stats('en'))).toBe(true));
    expect(stale(client, profileKeys.stats('hi'))).toBe(true);
    expect(stale(client, learningKeys.progress('en', 'c1'))).toBe(true);
    expect(stale(client, sessionKeys.session)).toBe(false);
    expect(stale(client, blogKeys.recent('en'))).toBe(false);
  });

  it("a guardian's consent makes what was refused without it stale: progress, the lists of enrolled courses, the stats", async () => {
    client.setQueryData(learningKeys.progressList('en'), { courses: [] });
    answer(200, { user: { id: 'u1', age: 15, guardianConsent: true } });
    await hookResult(client, useGuardianConsent).mutateAsync({
      guardianName: 'Ravi',
      relationship: 'Father',
      agree: true,
    });
    await vi.waitFor(() => expect(stale(client, learningKeys.progress('en', 'c1'))).toBe(true));
    expect(stale(client, learningKeys.progressList('en'))).toBe(true);
    expect(stale(client, profileKeys.stats('hi'))).toBe(true);
    expect(stale(client, blogKeys.recent('en'))).toBe(false);
  });

  it('a failed change leaves every query as it was', async () => {
    answer(400, { message: 'Invalid name' });
    await expect(hookResult(client, useUpdateMe).mutateAsync({ name: '' })).rejects.toThrow('Invalid name');
    // Loaded and settled: a reaction, had there been one, would have run by now.
    await import('./query-reactions');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stale(client, sessionKeys.session)).toBe(false);
  });
});

describe('reactToMutation', () => {
  const table: Reaction[] = [{ after: ['things'], stale: [['shown'], ['counted', 'en']] }];

  it('reads again what a mutation key, or a longer key under it, makes stale', async () => {
    client.setQueryData(['shown', 1], 'a');
    client.setQueryData(['counted', 'en'], 'b');
    client.setQueryData(['counted', 'hi'], 'c');
    await reactToMutation(client, ['things', 'add'], table);
    expect([stale(client, ['shown', 1]), stale(client, ['counted', 'en']), stale(client, ['counted', 'hi'])]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('does nothing for a mutation without a key or with a key of its own', async () => {
    client.setQueryData(['shown'], 'a');
    await reactToMutation(client, undefined, table);
    await reactToMutation(client, ['other'], table);
    await reactToMutation(client, ['thing'], table);
    expect(stale(client, ['shown'])).toBe(false);
  });
});
