import { describe, expect, it } from 'vitest';
import { formatBytes } from './media-rules';

describe('formatBytes', () => {
  it('says sizes in KB, MB and GB, rounded up', () => {
    expect(formatBytes(10)).toBe('1 KB');
    expect(formatBytes(65_100)).toBe('64 KB');
    expect(formatBytes(10 * 1024 * 1024 + 1)).toBe('10.1 MB');
    expect(formatBytes(10 * 1024 * 1024 * 1024)).toBe('10 GB');
    expect(formatBytes(2.45 * 1024 * 1024 * 1024)).toBe('2.5 GB');
  });
});
