// A long text a language has no file for comes in English (i18n.ts) with a note, marked as English
// for screen readers; written in the language, it comes without either. Every language has every
// long text today (locales.test.ts), so this is the path a new long-text page takes until its
// translations arrive.
import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AboutPage } from './about-page';
import { I18nProvider } from '../../../i18n/react';
import { createTranslator, type Dictionary } from '../../../i18n/translator';

const locale = (lang: string, ns: string) =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../../../i18n/locales', lang, `${ns}.json`), 'utf8'),
  ) as Dictionary;

function aboutIn(language: string, about: Dictionary): string {
  const i18n = createTranslator({ language, resources: { common: locale(language, 'common'), about } });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <AboutPage />
    </I18nProvider>,
  );
}

describe('a long text', () => {
  const note = (locale('tm', 'common') as { status: { fallbackNote: string } }).status.fallbackNote;

  it('written in the language is shown without a note', () => {
    const html = aboutIn('tm', locale('tm', 'about'));
    expect(html).toContain('எங்களைப் பற்றி');
    expect(html).not.toContain(note);
    expect(html).not.toContain('lang="en"');
  });

  it('missing in the language is shown in English, marked as English, under a note in the language', () => {
    const html = aboutIn('tm', locale('en', 'about'));
    expect(html).toContain(note);
    expect(html).toContain('<h1>About Us</h1>');
    expect(html).toMatch(/<div class="page-hero" lang="en">/);
  });
});
