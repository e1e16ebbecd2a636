// The footer's social and partner links are the site's settings (web/app/site.ts, filled in by the
// programme): the built footer links exactly the addresses set there, never a network's general
// home page, and shows no icon for a link left empty.
import { describe, expect, it } from 'vitest';
import { partnerLinks, socialLinks } from '../../web/app/site';
import { phonePage, sharedBrowser } from './helpers';

const browser = sharedBrowser();

const NETWORKS = /(^|\.)(facebook\.com|x\.com|twitter\.com|youtube\.com|instagram\.com)$/;

describe('site footer', () => {
  it('links the social pages and partners set in the site settings, and only those', async () => {
    const { page, context, consoleErrors } = await phonePage(browser());
    await page.goto('/about');
    const footer = page.locator('footer.site-footer');
    await footer.waitFor();
    const external = await footer
      .locator('a[href^="http"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));

    // A social network's general home page is not the programme's page.
    const homePages = external.filter(
      (href) => NETWORKS.test(new URL(href).hostname) && new URL(href).pathname === '/',
    );
    expect(homePages, 'links to a network home page').toEqual([]);

    const social = Object.values(socialLinks).filter(Boolean);
    const partners = Object.values(partnerLinks).filter(Boolean);
    expect(external).toEqual([...social, ...partners].map((href) => new URL(href).href));
    expect(await footer.locator('.site-footer__social li').count()).toBe(social.length);
    expect(await footer.getByRole('heading', { name: 'Follow us' }).count()).toBe(social.length > 0 ? 1 : 0);
    // Every partner is acknowledged, linked or not.
    expect(await footer.locator('.site-footer__partners li').count()).toBe(Object.keys(partnerLinks).length);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
