// The cross-site check on state changes: an Origin counts only when scheme, host and port are the
// site's own (PUBLIC_URL, or the address the request reached through a trusted proxy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { originOf } from './security';

/** A state change without a session: 200 when the cross-site check lets it through, 403 when not. */
function logout(t: TestApp, headers: Record<string, string>, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/api/user/logout', headers, remoteAddress });
}

describe('originOf', () => {
  it('keeps scheme, host and a port that is not the default, and refuses what is not an origin', () => {
    expect(originOf('https://learn.example.org:443/x')).toBe('https://learn.example.org');
    expect(originOf('http://learn.example.org:8080')).toBe('http://learn.example.org:8080');
    expect(originOf('null')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});

describe('Origin check without a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://learn.example.org' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the site’s own origin through: PUBLIC_URL, or the scheme and host the request came in on', async () => {
    expect((await logout(t, { origin: 'https://learn.example.org' })).statusCode).toBe(200);
    expect((await logout(t, { origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(200);
    expect((await logout(t, { origin: 'http://localhost', host: 'localhost' })).statusCode).toBe(200);
  });

  it('refuses the same host on another scheme or port', async () => {
    for (const origin of ['https://localhost', 'http://localhost:8080', 'http://learn.example.org']) {
      const res = await logout(t, { origin, host: 'localhost' });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().message).toBe('Cross-site request refused');
    }
  });

  it('refuses another host, an opaque origin and one that cannot be read', async () => {
    for (const origin of ['https://evil.example', 'null', 'https://learn.example.org.evil.example', '::']) {
      expect((await logout(t, { origin, host: 'localhost' })).statusCode, origin).toBe(403);
    }
  });

  it('does not believe X-Forwarded-Proto from a client when no proxy is trusted', async () => {
    const res = await logout(t, { origin: 'https://localhost', host: 'localhost', 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(403);
  });
});

describe('Origin check behind a trusted balancer', () => {
  let t: TestApp;
  const balancer = '10.20.0.5';
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.20.0.0/16', PUBLIC_URL: 'https://learn.example.org' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('compares with the scheme and host the balancer reports', async () => {
    const forwarded = { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'mirror.example.org' };
    expect((await logout(t, { ...forwarded, origin: 'https://mirror.example.org' }, balancer)).statusCode).toBe(200);
    expect((await logout(t, { ...forwarded, origin: 'http://mirror.example.org' }, balancer)).statusCode).toBe(403);
  });
});
