import { describe, expect, it } from 'vitest';
import { CONTENT_NAMESPACE, stableId, uuidV5 } from './stable-id';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

describe('uuidV5', () => {
  it('matches the published vectors (Python uuid.uuid5, the uuid package)', () => {
    expect(uuidV5('www.example.com', DNS_NAMESPACE)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    expect(uuidV5('http://example.com/hello', URL_NAMESPACE)).toBe('3bbcee75-cecc-5b56-8031-b6641c1ed1f1');
  });

  it('refuses a namespace that is not a UUID', () => {
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow(/Not a UUID/);
  });
});

describe('stableId', () => {
  it('is the v5 id of the joined parts in the content namespace', () => {
    expect(stableId('course', 'money-basics', 'hi')).toBe(uuidV5('course/money-basics/hi', CONTENT_NAMESPACE));
  });

  it('is stable, versioned 5, and differs per part and per language', () => {
    const a = stableId('lesson', 'money-basics', 'hi', 'bank-account', 'why-a-bank-account');
    expect(a).toBe(stableId('lesson', 'money-basics', 'hi', 'bank-account', 'why-a-bank-account'));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableId('lesson', 'money-basics', 'en', 'bank-account', 'why-a-bank-account')).not.toBe(a);
    expect(stableId('course', 'money-basics', 'hi')).not.toBe(stableId('chapter', 'money-basics', 'hi'));
  });
});
