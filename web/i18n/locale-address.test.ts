import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeAddress, type LocaleFiles } from './locale-address';
import { localeFiles } from './locale-files-plugin';

const built: LocaleFiles = { versions: { en: 'e1', hi: 'h1', tm: 't1' }, missing: { tm: ['news'] } };

describe('the address of a language’s translations', () => {
  it('is in the folder of the language’s version in a build', () => {
    expect(localeAddress(built, 'hi', 'learning')).toBe('/assets/locales/hi-h1/learning.json');
  });

  it('is the English file for a namespace the language lacks', () => {
    expect(localeAddress(built, 'tm', 'news')).toBe('/assets/locales/en-e1/news.json');
    expect(localeAddress(built, 'tm', 'home')).toBe('/assets/locales/tm-t1/home.json');
  });

  it('is the source file without a build (development, tests)', () => {
    expect(localeAddress(undefined, 'hi', 'learning')).toBe('/i18n/locales/hi/learning.json');
  });

  it('refuses a language the build has no translations of', () => {
    expect(() => localeAddress(built, 'xx', 'home')).toThrow('no translations for language xx');
  });
});

describe('the versions the build gives the app', () => {
  function folderWith(files: Record<string, string>): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'locales-'));
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), text);
    }
    return folder;
  }

  it('change for the language whose file changed, and only for it', () => {
    const files = { 'en/home.json': '{"a":"A"}', 'en/news.json': '{}', 'hi/home.json': '{"a":"अ"}' };
    const before = localeFiles(folderWith(files));
    const after = localeFiles(folderWith({ ...files, 'hi/home.json': '{"a":"आ"}' }));
    expect(after.versions.en).toBe(before.versions.en);
    expect(after.versions.hi).not.toBe(before.versions.hi);
    expect(before.versions.hi).toMatch(/^[\w-]{10}$/);
  });

  it('name the namespaces a language lacks', () => {
    const files = localeFiles(folderWith({ 'en/home.json': '{}', 'en/news.json': '{}', 'hi/home.json': '{}' }));
    expect(files.missing).toEqual({ hi: ['news'] });
  });

  it('of the app’s own translations: every language, lacking only the staff console’s words (English only)', () => {
    const files = localeFiles(path.resolve(import.meta.dirname, 'locales'));
    expect(Object.keys(files.versions)).toHaveLength(
      fs.readdirSync(path.resolve(import.meta.dirname, 'locales')).length,
    );
    expect(new Set(Object.values(files.missing).flat())).toEqual(new Set(['staff']));
    expect(localeAddress(files, 'hi', 'staff')).toBe(`/assets/locales/en-${files.versions.en}/staff.json`);
  });
});
