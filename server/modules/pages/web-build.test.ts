import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWebBuild } from './web-build';
import { testPageManifest, writeTestPageManifest } from './test-page-manifest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jgk-build-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('readWebBuild', () => {
  it('is nothing without a built index.html (the API runs alone)', () => {
    expect(readWebBuild(undefined)).toBeUndefined();
    expect(readWebBuild(dir)).toBeUndefined();
  });

  it('refuses a build without a page manifest, naming the fix', () => {
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    expect(() => readWebBuild(dir)).toThrow(/no \.vite\/pages\.json: build it again \(npm run build:web\)/);
  });

  it('reads the page manifest the web build wrote', () => {
    writeTestPageManifest(dir);
    expect(readWebBuild(dir)?.pageManifest).toEqual(testPageManifest());
  });
});
