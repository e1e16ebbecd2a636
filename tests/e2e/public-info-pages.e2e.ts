// The public information pages: cyber-safety awareness (/vicyberShield, ten languages), the quiz
// terms (/vicybershieldtnc) and privacy policy (/privacy-policy, in English, Hindi, Tamil, Telugu and
// Kannada, with an English fallback where a language has none yet), and the public sample quiz (/quizcomponent). Phone (360x740) and desktop (1280x800).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  desktopPage,
  expectAccessible,
  languageWithoutLongText,
  phonePage,
  screenshot,
  sharedBrowser,
} from './helpers';

const browser = sharedBrowser();

/** A full-page picture from the top, so the sticky header is drawn where it belongs. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, name);
}

const sizes = [
  { name: 'phone', open: (language?: string) => phonePage(browser(), { language }) },
  { name: 'desktop', open: (language?: string) => desktopPage(browser(), { language }) },
] as const;

const TAB_TITLES = ['About Vi CyberShield', 'Why Vi CyberShield', 'About Vi Foundation', 'About the telecom company'];

/**
 * Chooses a tab and waits until its panel is the one shown: the panel is drawn after the click, so a
 * read at the click could find the panel before.
 */
async function openTab(page: Page, tab: ReturnType<Page['locator']>) {
  await tab.click();
  const panel = await tab.getAttribute('aria-controls');
  await page.waitForSelector(`[role="tab"][aria-selected="true"][aria-controls="${panel}"]`);
  await page.locator(`#${panel}`).waitFor({ state: 'visible' });
}

async function selectedTab(page: Page, list: string) {
  return page.locator(`${list} [role="tab"][aria-selected="true"]`).textContent();
}

describe.each(sizes)('cyber-safety page on a $name', ({ name, open }) => {
  it('shows every section, and its tabs work by title, by dots and by arrow keys', async () => {
    const { page, consoleErrors, context } = await open();
    await page.goto('/vicyberShield');
    await page.getByRole('heading', { level: 1, name: 'Vi CyberShield' }).waitFor();
    await page.getByText('An initiative of JGK, the financial literacy programme').waitFor();
    const main = page.locator('main');
    await expect(main.textContent()).resolves.toContain('More than 2 crore people reached across 22 states since 2017');
    await expect(main.textContent()).resolves.toContain(
      'More than Rs. 22,000 crore lost by Indians to cyber fraud last year',
    );

    // The section headings in the specification's order.
    const headings = await page.locator('main h2').allTextContents();
    expect(headings).toEqual([
      'About the campaign',
      'In case you encounter any cybercrime or online fraud',
      'Why Cyber Safety?',
      'Tips to Stay Safe from Frauds & Scams',
    ]);

    // Tabs: four, the first chosen, one panel visible with its image and text.
    const tabs = page.locator('.cs-tabs [role="tab"]');
    expect(await tabs.allTextContents()).toEqual(TAB_TITLES);
    expect(await selectedTab(page, '.cs-tabs')).toBe(TAB_TITLES[0]);
    expect(await page.locator('.cs-tabs [role="tabpanel"]:visible').count()).toBe(1);
    await expect(page.locator('#cs-panel-about img').getAttribute('alt')).resolves.toBe(
      'A mobile phone protected by a shield with a lock',
    );

    // By title.
    await openTab(page, page.getByRole('tab', { name: 'Why Vi CyberShield' }));
    expect(await selectedTab(page, '.cs-tabs')).toBe(TAB_TITLES[1]);
    await page.locator('#cs-panel-why').getByText('Rs. 22,000 crore').waitFor();
    expect(await page.locator('#cs-panel-about').isVisible()).toBe(false);

    // By dots: the current dot follows the tab.
    await page.getByRole('button', { name: 'Show: About Vi Foundation' }).click();
    expect(await selectedTab(page, '.cs-tabs')).toBe(TAB_TITLES[2]);
    await expect(page.getByTestId('cs-dot-foundation').getAttribute('aria-current')).resolves.toBe('true');
    await expect(page.getByTestId('cs-dot-about').getAttribute('aria-current')).resolves.toBeNull();
    await page.locator('#cs-panel-foundation').waitFor({ state: 'visible' });

    // By arrow keys, wrapping, with Home and End; one tab stop.
    await page.getByRole('tab', { name: 'About Vi Foundation' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page, '.cs-tabs')).toBe(TAB_TITLES[3]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(TAB_TITLES[3]);
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page, '.cs-tabs')).toBe(TAB_TITLES[0]);
    await page.keyboard.press('ArrowLeft');
    expect(await selectedTab(page, '.cs-tabs')).toBe(TAB_TITLES[3]);
    await page.keyboard.press('Home');
    expect(await selectedTab(page, '.cs-tabs')).toBe(TAB_TITLES[0]);
    await page.keyboard.press('End');
    expect(await selectedTab(page, '.cs-tabs')).toBe(TAB_TITLES[3]);
    expect(await page.locator('.cs-tabs [role="tab"][tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Home');

    // What to do: three cards, the helpline as a phone link, the portal in a new tab.
    expect(await page.locator('.cs-cards > li').count()).toBe(3);
    await page.getByRole('heading', { name: 'Report to the nearest Cyber Cell or Police Station' }).waitFor();
    const call = page.getByRole('link', { name: 'Call 1930' });
    expect(await call.getAttribute('href')).toBe('tel:1930');
    const portal = page.getByRole('link', { name: /Go to cybercrime\.gov\.in/ });
    expect(await portal.getAttribute('href')).toBe('https://cybercrime.gov.in/');
    expect(await portal.getAttribute('target')).toBe('_blank');
    expect((await portal.getAttribute('rel'))?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);

    // Four threats and ten numbered tips, each with its explanation.
    expect(await page.locator('.cs-threats h3').allTextContents()).toEqual([
      'Phishing',
      'Online Shopping Frauds',
      'Malware & Ransomware',
      'Identity Theft',
    ]);
    expect(await page.locator('.cs-threat svg').count()).toBe(4);
    const tips = page.locator('ol.cs-tips > li');
    expect(await tips.count()).toBe(10);
    expect(await page.locator('ol.cs-tips h3').allTextContents()).toEqual([
      'Think before you click',
      'Use strong passwords',
      'Keep personal information private',
      'Be smart on social media',
      'Update regularly',
      'Never share OTPs or passwords',
      'Check before you pay',
      'Ignore fake offers',
      "Don't fall for urgent messages",
      'Use secure payment methods',
    ]);
    expect(await page.locator('ol.cs-tips p').count()).toBe(10);
    expect(await tips.nth(6).textContent()).toContain('https://');

    // The terms link opens in a new tab.
    const terms = page.getByRole('link', { name: /View Terms And Conditions/ });
    expect(await terms.getAttribute('href')).toBe('/vicybershieldtnc');
    expect(await terms.getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([context.waitForEvent('page'), terms.click()]);
    await popup.getByRole('heading', { level: 1, name: /Terms and Conditions/ }).waitFor();
    await popup.close();

    // No part of the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      name === 'phone' ? 360 : 1280,
    );
    await expectAccessible(page, `cyber-safety page (${name})`);
    await shoot(page, name === 'phone' ? 'en-cybershield' : 'desktop-en-cybershield');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('cyber-safety page in other languages', () => {
  it('changes its text when Hindi is chosen in the header, and keeps the helpline', async () => {
    const { page, consoleErrors, context } = await desktopPage(browser());
    await page.goto('/vicyberShield');
    await page.getByRole('heading', { name: 'Tips to Stay Safe from Frauds & Scams' }).waitFor();
    await page.locator('#language-bar').selectOption('hi');
    await page.getByRole('heading', { name: 'धोखाधड़ी और ठगी से बचने के सुझाव' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('hi');
    expect(await page.getByRole('heading', { name: 'Tips to Stay Safe from Frauds & Scams' }).count()).toBe(0);
    expect(await page.locator('.cs-tabs [role="tab"]').first().textContent()).toBe('Vi CyberShield के बारे में');
    expect(await page.getByRole('link', { name: '1930 पर फ़ोन करें' }).getAttribute('href')).toBe('tel:1930');
    expect(await page.locator('ol.cs-tips > li').count()).toBe(10);
    expect(await page.evaluate(() => window.localStorage.getItem('jgk_lang'))).toBe('hi');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each([
    ['hi', 'साइबर सुरक्षा क्यों?'],
    ['tm', 'ஏன் சைபர் பாதுகாப்பு?'],
  ])('is written in %s on a phone', async (language, threatsTitle) => {
    const { page, consoleErrors, context } = await phonePage(browser(), { language });
    await page.goto('/vicyberShield');
    await page.getByRole('heading', { name: threatsTitle }).waitFor();
    expect(await page.locator('[data-testid="fallback-note"]').count()).toBe(0);
    await openTab(page, page.locator('.cs-tabs [role="tab"]').nth(1));
    expect(await page.locator('#cs-panel-why').textContent()).toContain('22,000');
    await openTab(page, page.locator('.cs-tabs [role="tab"]').first());
    // Long words of the script must wrap, not push the page wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, `cyber-safety page (${language})`);
    await shoot(page, `${language}-cybershield`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

const TERMS = [
  'Eligibility and Entry',
  'Educational Content Disclaimer',
  'Use of Phone Numbers and Data Privacy',
  'Indemnification and Limitation of Liability',
  'General Conditions',
  'Governing Law',
];
const POLICY = [
  'Information We Collect',
  'How We Use Your Information',
  'Data Storage and Security',
  'Data Retention',
  'Data Sharing and Disclosure',
  "Children's Privacy",
  'User Rights and Consent',
  'Third-Party Links and Integrations',
  'Changes to This Policy',
  'Contact Us',
];

describe.each(sizes)('quiz terms and privacy policy on a $name', ({ name, open }) => {
  it('shows the six terms sections, one at a time, by click and by arrow keys', async () => {
    const { page, consoleErrors, context } = await open();
    await page.goto('/vicybershieldtnc');
    await page.getByRole('heading', { level: 1, name: 'Vi CyberShield Quiz: Terms and Conditions' }).waitFor();
    await page.getByRole('heading', { name: 'Quick Navigation' }).waitFor();
    const tabs = page.locator('.legal [role="tab"]');
    expect((await tabs.allTextContents()).map((t) => t.replace(/^\d+/, ''))).toEqual(TERMS);
    expect(await selectedTab(page, '.legal')).toContain('Eligibility and Entry');
    const visible = page.locator('.legal [role="tabpanel"]:visible');
    expect(await visible.count()).toBe(1);
    const eligibility = await visible.textContent();
    // The rules as the server enforces them (ADR 40), the grace filled in from the contract.
    for (const rule of [
      'valid mobile number',
      'one entry per person and per mobile number',
      'disqualification',
      'under 18',
      'the parent or guardian agrees with a one-time password sent to their own mobile number',
      '8 to 11 October 2025',
      '9:00 AM to 7:00 PM IST',
      'up to 5 seconds after the time is up',
      'no prizes',
    ]) {
      expect(eligibility?.toLowerCase()).toContain(rule.toLowerCase());
    }

    await openTab(page, page.getByRole('tab', { name: /Governing Law/ }));
    expect(await visible.count()).toBe(1);
    expect(await visible.textContent()).toContain('courts of New Delhi');
    await page.getByRole('tab', { name: /Governing Law/ }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await selectedTab(page, '.legal')).toContain('Eligibility and Entry');
    await page.keyboard.press('ArrowUp');
    expect(await selectedTab(page, '.legal')).toContain('Governing Law');
    await openTab(page, page.getByRole('tab', { name: /Use of Phone Numbers/ }));
    const privacyText = await visible.textContent();
    expect(privacyText).toContain('contact@');
    expect(privacyText).toContain('Delete my account');
    // The withdrawal the original terms left blank: one action on the quiz's page.
    expect(privacyText).toContain('press Withdraw my entry and confirm');
    expect(await visible.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await page.getByText('Last Updated: November 2026').count()).toBe(1);
    expect(await page.locator('[data-testid="fallback-note"]').count()).toBe(0);
    await openTab(page, page.getByRole('tab', { name: /Eligibility and Entry/ }));
    await expectAccessible(page, `quiz terms (${name})`);
    if (name === 'phone') await shoot(page, 'en-quiz-terms');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the policy dates and its ten sections, one at a time', async () => {
    const { page, consoleErrors, context } = await open();
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.getByText('Effective Date: 01-09-2025').waitFor();
    await page.getByText('Last Updated: 07-10-2025').waitFor();
    await page.getByText('Last Updated: October 2025').waitFor();
    const tabs = page.locator('.legal [role="tab"]');
    expect((await tabs.allTextContents()).map((t) => t.replace(/^\d+/, ''))).toEqual(POLICY);
    expect(await selectedTab(page, '.legal')).toContain('Information We Collect');
    const visible = page.locator('.legal [role="tabpanel"]:visible');
    const collected = await visible.textContent();
    for (const item of [
      'name and mobile number',
      'email address',
      'gender',
      'educational qualification',
      'quiz answers and scores',
      'ratings',
      'reflection journal',
      'certificates',
      'hashed',
      'Server logs',
    ]) {
      expect(collected).toContain(item);
    }
    await openTab(page, page.getByRole('tab', { name: /Data Retention/ }));
    expect(await visible.textContent()).toContain('duration of the programme');
    await openTab(page, page.getByRole('tab', { name: /Children's Privacy/ }));
    expect(await visible.textContent()).toContain('parent or legal guardian');
    await openTab(page, page.getByRole('tab', { name: /User Rights and Consent/ }));
    const rights = await visible.textContent();
    expect(rights).toContain('Download my data');
    expect(rights).toContain('Delete my account');
    expect(await visible.getByRole('link', { name: 'profile page' }).getAttribute('href')).toBe('/user-profile');
    await openTab(page, page.getByRole('tab', { name: /Third-Party Links/ }));
    const portal = visible.getByRole('link', { name: 'cybercrime.gov.in' });
    expect(await portal.getAttribute('target')).toBe('_blank');
    expect(await visible.textContent()).toContain('only when you press play');
    await page.getByRole('tab', { name: /Third-Party Links/ }).focus();
    await page.keyboard.press('End');
    expect(await selectedTab(page, '.legal')).toContain('Contact Us');
    expect(await visible.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    await page.keyboard.press('Home');
    await expectAccessible(page, `privacy policy (${name})`);
    if (name === 'phone') await shoot(page, 'en-privacy-policy');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('legal texts in other languages', () => {
  it('are written in Hindi', async () => {
    const { page, consoleErrors, context } = await phonePage(browser(), { language: 'hi' });
    await page.goto('/vicybershieldtnc');
    await page.getByRole('heading', { level: 1, name: 'Vi CyberShield क्विज़: नियम और शर्तें' }).waitFor();
    expect(await page.locator('[data-testid="fallback-note"]').count()).toBe(0);
    expect(await page.locator('.legal [role="tab"]').count()).toBe(6);
    await shoot(page, 'hi-quiz-terms');
    await expectAccessible(page, 'quiz terms (hi)');
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'गोपनीयता नीति' }).waitFor();
    await page.getByText('प्रभावी तिथि: 01-09-2025').waitFor();
    expect(await page.locator('.legal [role="tab"]').count()).toBe(10);
    await shoot(page, 'hi-privacy-policy');
    await expectAccessible(page, 'privacy policy (hi)');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each([
    [
      'tm',
      'Vi CyberShield வினாடி வினா: விதிமுறைகள் மற்றும் நிபந்தனைகள்',
      'தனியுரிமைக் கொள்கை',
      'நடைமுறைக்கு வரும் தேதி: 01-09-2025',
    ],
    ['tl', 'Vi CyberShield క్విజ్: నిబంధనలు మరియు షరతులు', 'గోప్యతా విధానం', 'అమలులోకి వచ్చిన తేదీ: 01-09-2025'],
    ['kn', 'Vi CyberShield ರಸಪ್ರಶ್ನೆ: ನಿಯಮಗಳು ಮತ್ತು ಷರತ್ತುಗಳು', 'ಗೌಪ್ಯತಾ ನೀತಿ', 'ಜಾರಿಗೆ ಬರುವ ದಿನಾಂಕ: 01-09-2025'],
  ])('are written in %s', async (language, termsTitle, policyTitle, effective) => {
    const { page, consoleErrors, context } = await phonePage(browser(), { language });
    await page.goto('/vicybershieldtnc');
    await page.getByRole('heading', { level: 1, name: termsTitle }).waitFor();
    expect(await page.locator('[data-testid="fallback-note"]').count()).toBe(0);
    expect(await page.locator('.legal__layout').getAttribute('lang')).toBeNull();
    expect(await page.locator('.legal [role="tab"]').count()).toBe(6);
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: policyTitle }).waitFor();
    await page.getByText(effective).waitFor();
    expect(await page.locator('.legal [role="tab"]').count()).toBe(10);
    expect(await page.locator('[data-testid="fallback-note"]').count()).toBe(0);
    await expectAccessible(page, `privacy policy (${language})`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  // Once every language has its legal texts, no page falls back and there is nothing to check here.
  const untranslated = languageWithoutLongText('quiz-terms');
  it.skipIf(!untranslated)('fall back to English with a note where they are not written yet', async () => {
    const { page, consoleErrors, context } = await phonePage(browser(), { language: untranslated!.code });
    await page.goto('/vicybershieldtnc');
    await page.getByRole('heading', { level: 1, name: 'Vi CyberShield Quiz: Terms and Conditions' }).waitFor();
    await page.getByTestId('fallback-note').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(untranslated!.bcp47);
    // The English text is marked as English for screen readers.
    expect(await page.locator('.legal__layout').getAttribute('lang')).toBe('en');
    await openTab(page, page.getByRole('tab', { name: /Governing Law/ }));
    expect(await page.locator('.legal [role="tabpanel"]:visible').textContent()).toContain('New Delhi');
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.getByTestId('fallback-note').waitFor();
    await expectAccessible(page, `privacy policy (${untranslated!.code}, English fallback)`);
    await shoot(page, `${untranslated!.code}-privacy-policy-fallback`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe.each(sizes)('public sample quiz on a $name', ({ name, open }) => {
  it('goes intro -> questions -> result -> intro', async () => {
    const { page, consoleErrors, context } = await open();
    await page.goto('/quizcomponent');
    await page.getByRole('heading', { level: 1, name: 'Cyber-safety quiz' }).waitFor();
    await page.getByText('Number of questions: 5').waitFor();
    if (name === 'phone') await shoot(page, 'en-quiz-intro');
    await page.getByRole('button', { name: 'Start solving' }).click();

    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    const submit = page.getByRole('button', { name: 'Submit' });
    await page.getByRole('heading', { name: 'Question 1 of 5' }).waitFor();
    expect(await page.locator('.quiz-player__progress > li').count()).toBe(5);
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    expect(await submit.count()).toBe(0);

    // A single-answer question: a second choice replaces the first.
    const q1 = page.locator('.quiz-player__question');
    await q1.getByLabel('Tell him the OTP quickly so your account is not blocked').check();
    await q1.getByLabel('Refuse, hang up and call the bank on the number printed on your card').check();
    expect(await q1.getByLabel('Tell him the OTP quickly so your account is not blocked').isChecked()).toBe(false);
    expect(await page.locator('.quiz-player__question input:checked').count()).toBe(1);
    await expectAccessible(page, `sample quiz question (${name})`);
    if (name === 'phone') await shoot(page, 'en-quiz-question');

    // A multi-answer question: each choice toggles.
    await next.click();
    await page.getByRole('heading', { name: 'Question 2 of 5' }).waitFor();
    expect(await previous.isDisabled()).toBe(false);
    const blocked = page.getByLabel('It says your account will be blocked today');
    await blocked.check();
    await page.getByLabel("It has a link with a strange spelling of the bank's name").check();
    await page.getByLabel('It asks for your UPI PIN').check();
    await page.getByLabel('It is a greeting from a relative you know').check();
    expect(await page.locator('.quiz-player__question input:checked').count()).toBe(4);
    await page.getByLabel('It is a greeting from a relative you know').uncheck();
    expect(await page.locator('.quiz-player__question input:checked').count()).toBe(3);

    // Previous keeps the answers.
    await previous.click();
    await page.getByRole('heading', { name: 'Question 1 of 5' }).waitFor();
    expect(
      await page.getByLabel('Refuse, hang up and call the bank on the number printed on your card').isChecked(),
    ).toBe(true);
    await next.click();
    await next.click();
    await page.getByRole('heading', { name: 'Question 3 of 5' }).waitFor();
    await page.getByLabel('1930').check();
    await next.click();
    await page.getByLabel('Nothing: you never enter your PIN to receive money').check();
    await next.click();
    await page.getByRole('heading', { name: 'Question 5 of 5' }).waitFor();
    expect(await next.isDisabled()).toBe(true);
    expect(await submit.isVisible()).toBe(true);
    await page.getByLabel('At least 12 characters').check();
    await page.getByLabel('A mix of letters, numbers and symbols').check();
    await submit.click();

    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    expect(await page.getByTestId('quiz-score').textContent()).toBe('You scored 5 out of 5');
    await page.getByText('Excellent! You know how to protect yourself.').waitFor();
    await expectAccessible(page, `sample quiz result (${name})`);
    if (name === 'phone') await shoot(page, 'en-quiz-result');

    // Retake returns to the intro with no answers kept; a wrong run scores lower.
    await page.getByRole('button', { name: 'Retake' }).click();
    await page.getByRole('button', { name: 'Start solving' }).click();
    expect(await page.locator('.quiz-player__question input:checked').count()).toBe(0);
    await page.getByLabel('Send the OTP to him by SMS instead').check();
    for (let i = 0; i < 4; i++) await next.click();
    await submit.click();
    // Four questions left unanswered: the quiz asks first.
    await page.getByRole('alertdialog').getByText('Questions without an answer: 4').waitFor();
    await page.getByRole('button', { name: 'Submit anyway' }).click();
    expect(await page.getByTestId('quiz-score').textContent()).toBe('You scored 0 out of 5');
    await page.getByText('Fraudsters count on people not knowing these things.', { exact: false }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('public sample quiz in Hindi', () => {
  it('asks its questions in Hindi', async () => {
    const { page, consoleErrors, context } = await phonePage(browser(), { language: 'hi' });
    await page.goto('/quizcomponent');
    await page.getByRole('button', { name: 'हल करना शुरू करें' }).click();
    await page.getByRole('heading', { name: '5 में से प्रश्न 1' }).waitFor();
    await page.getByLabel('मना करें, फ़ोन काटें और अपने कार्ड पर छपे नंबर पर बैंक को फ़ोन करें').check();
    await shoot(page, 'hi-quiz-question');
    await expectAccessible(page, 'sample quiz (hi)');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
