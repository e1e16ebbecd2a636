// The footer's social and partner links come from the site's settings (web/app/site.ts): each set
// address is linked as it is written, a social link left empty is not shown (nor "Follow us" when
// none is set), and a partner whose address is empty keeps its logo without a link.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/locales/en/common.json';

async function renderFooter(settings: { socialLinks: Record<string, string>; partnerLinks: Record<string, string> }) {
  vi.resetModules();
  vi.doMock('../site', async (importOriginal) => ({
    ...(await importOriginal<typeof import('../site')>()),
    ...settings,
  }));
  // Fresh modules, the footer with its settings; the provider from the same set as the footer.
  const { SiteFooter } = await import('./site-footer');
  const { I18nProvider } = await import('../../i18n/react');
  const { createTranslator } = await import('../../i18n/translator');
  const i18n = createTranslator({ language: 'en', resources: { common: en } });
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const externalHrefs = (html: string) => [...html.matchAll(/href="(https?:[^"]+)"/g)].map((match) => match[1]);

afterEach(() => {
  vi.doUnmock('../site');
});

describe('site footer', () => {
  it('links the social pages and partners the settings give, and only those', async () => {
    const html = await renderFooter({
      socialLinks: {
        facebook: 'https://www.facebook.com/jgk.programme',
        x: '',
        youtube: 'https://www.youtube.com/@jgk',
        instagram: '',
      },
      partnerLinks: { viFoundation: 'https://foundation.example/', vi: '' },
    });
    expect(externalHrefs(html)).toEqual([
      'https://www.facebook.com/jgk.programme',
      'https://www.youtube.com/@jgk',
      'https://foundation.example/',
    ]);
    expect(html).toContain('Follow us');
    expect(html).toContain('aria-label="Facebook (opens in a new tab)"');
    expect(html).not.toContain('aria-label="X ');
    // Both partners are still acknowledged, the one without an address by its logo alone.
    expect(html).toContain('aria-label="Vi Foundation"');
    expect(html).toContain('aria-label="Vi"');
  });

  it('has no "Follow us" when no social page is set', async () => {
    const html = await renderFooter({
      socialLinks: { facebook: '', x: '', youtube: '', instagram: '' },
      partnerLinks: { viFoundation: '', vi: '' },
    });
    expect(externalHrefs(html)).toEqual([]);
    expect(html).not.toContain('Follow us');
    expect(html).toContain('Our partners');
  });
});
