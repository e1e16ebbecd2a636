// The web's committed types of the API are what the server's document gives now: a route schema
// changed without `npm run api:types` fails here, so the web's compile-time checks cannot drift
// from the API.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { testAppPerFile } from '../test/test-app';
import { API_TYPES_FILE, apiTypesOf } from './api-types';

const t = testAppPerFile();

it('web/lib/api-types.generated.ts is what `npm run api:types` writes from the OpenAPI document', async () => {
  const committed = (await readFile(API_TYPES_FILE, 'utf8')).split('\n');
  const now = (await apiTypesOf(t.app)).split('\n');
  // The first line that differs, not a diff of the whole file (thousands of lines).
  const at = now.findIndex((line, index) => line !== committed[index]);
  const differs = at >= 0 || committed.length !== now.length;
  expect(
    differs ? { line: (at >= 0 ? at : now.length) + 1, committed: committed[at], now: now[at] } : null,
    'web/lib/api-types.generated.ts is behind the API: run npm run api:types',
  ).toBeNull();
});
