import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { apiAddress, setApiTransport } from './api-client';
import { sessionKeys, sessionQuery } from './session';

function answerStatus(user: unknown) {
  const transport = vi.fn(
    async () =>
      new Response(JSON.stringify({ user }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  setApiTransport(transport);
  return transport;
}

describe('sessionQuery', () => {
  it('reads the session into an emptied cache, as the sign-in does before leaving the login page', async () => {
    const transport = answerStatus({ role: 'user', name: 'Asha', active: true });
    const client = new QueryClient();
    client.setQueryData(sessionKeys.session, null);
    client.removeQueries();
    await expect(client.fetchQuery(sessionQuery)).resolves.toEqual({ role: 'user', name: 'Asha', active: true });
    expect(transport).toHaveBeenCalledWith(
      apiAddress('/api/user/session-status'),
      expect.objectContaining({ method: 'GET' }),
    );
    expect(client.getQueryData(sessionKeys.session)).toEqual({ role: 'user', name: 'Asha', active: true });
  });

  it('counts only a learner as a session', async () => {
    answerStatus({ role: 'admin', name: 'Staff', active: true });
    await expect(new QueryClient().fetchQuery(sessionQuery)).resolves.toBeNull();
  });
});
