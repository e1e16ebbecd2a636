import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACK_CACHE_PREFIX, packCacheName } from './course-packs';

describe('the caches of saved courses', () => {
  it('are named as the service worker looks for them', () => {
    const worker = fs.readFileSync(path.join(import.meta.dirname, '../public/sw.js'), 'utf8');
    expect(worker).toContain(`var PACK_PREFIX = '${PACK_CACHE_PREFIX}';`);
    expect(packCacheName('hi', 'c1').startsWith(PACK_CACHE_PREFIX)).toBe(true);
    expect(packCacheName('hi', 'c1')).not.toBe(packCacheName('tm', 'c1'));
  });
});
