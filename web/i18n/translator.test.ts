import { describe, expect, it, vi } from 'vitest';
import { createTranslator, type Dictionary } from './translator';

const common: Dictionary = {
  nav: { home: 'Home', deep: { er: 'Deeper' } },
  greeting: 'Hello {{name}}, you have {{ count }} points',
  html: 'Say {{text}}',
  readTime: '{{count}} min read',
  apple_one: '{{count}} apple',
  apple_other: '{{count}} apples',
  tips: {
    items: [
      { title: 'Save', text: 'Save {{amount}}' },
      { title: 'Plan', text: 'Plan ahead' },
    ],
  },
  empty: '',
};

/** A promise with its resolve and reject at hand, to drive a load by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('t', () => {
  const i18n = createTranslator({ language: 'en', resources: { common, other: { title: 'Other title' } } });

  it('looks up nested keys', () => {
    expect(i18n.t('nav.home')).toBe('Home');
    expect(i18n.t('nav.deep.er')).toBe('Deeper');
    expect(i18n.t('tips.items.1.title')).toBe('Plan');
  });

  it('fills {{values}} without escaping, and leaves a placeholder with no value as it is', () => {
    expect(i18n.t('greeting', { name: 'Asha', count: 3 })).toBe('Hello Asha, you have 3 points');
    expect(i18n.t('html', { text: '<b>&</b>' })).toBe('Say <b>&</b>');
    expect(i18n.t('greeting', { count: 1 })).toBe('Hello {{name}}, you have 1 points');
  });

  it('chooses the English plural form by count, and the plain key when there are no forms', () => {
    expect(i18n.t('apple', { count: 1 })).toBe('1 apple');
    expect(i18n.t('apple', { count: 0 })).toBe('0 apples');
    expect(i18n.t('apple', { count: 2 })).toBe('2 apples');
    expect(i18n.t('readTime', { count: 1 })).toBe('1 min read');
  });

  it('chooses the Hindi plural form by the language rules (0 and 1 are "one")', () => {
    const hindi = createTranslator({
      language: 'hi',
      resources: { common: { seb_one: '{{count}} सेब (एक)', seb_other: '{{count}} सेब' } },
    });
    expect(hindi.t('seb', { count: 0 })).toBe('0 सेब (एक)');
    expect(hindi.t('seb', { count: 1 })).toBe('1 सेब (एक)');
    expect(hindi.t('seb', { count: 5 })).toBe('5 सेब');
  });

  it('uses the real BCP 47 tag of a specification code for plurals', () => {
    // "gj" is Gujarati ("gu"), whose 0 is "one"; read as a tag, "gj" would fall back to English rules.
    const gujarati = createTranslator({ language: 'gj', resources: { common: { x_one: 'one', x_other: 'other' } } });
    expect(gujarati.t('x', { count: 0 })).toBe('one');
    expect(gujarati.t('x', { count: 2 })).toBe('other');
  });

  it('returns objects and arrays as they are with returnObjects', () => {
    expect(i18n.t('tips.items', { returnObjects: true })).toBe((common.tips as { items: unknown }).items);
    expect(i18n.t('nav', { returnObjects: true })).toEqual({ home: 'Home', deep: { er: 'Deeper' } });
  });

  it('returns the key for an object without returnObjects, and for a missing key', () => {
    expect(i18n.t('nav')).toBe('nav');
    expect(i18n.t('nav.nothing')).toBe('nav.nothing');
    expect(i18n.t('nav.home.more')).toBe('nav.home.more');
    expect(i18n.t('toString')).toBe('toString');
  });

  it('returns the default value of a missing key, even an empty one', () => {
    expect(i18n.t('effective', { defaultValue: '' })).toBe('');
    expect(i18n.t('effective', { defaultValue: 'From {{date}}', date: 'today' })).toBe('From today');
    expect(i18n.t('nav.home', { defaultValue: 'unused' })).toBe('Home');
  });

  it('returns an empty translation as it is', () => {
    expect(i18n.t('empty')).toBe('');
  });

  it('translates from another namespace by getFixedT or the ns option', () => {
    expect(i18n.getFixedT('other')('title')).toBe('Other title');
    expect(i18n.t('title', { ns: 'other' })).toBe('Other title');
    expect(i18n.t('title')).toBe('title');
  });

  it('tells onMissingKey of each missing key', () => {
    const onMissingKey = vi.fn();
    const translator = createTranslator({ language: 'hi', resources: { common }, onMissingKey });
    translator.t('nav.home');
    translator.t('nope', { ns: 'auth' });
    expect(onMissingKey.mock.calls).toEqual([['hi', 'auth', 'nope']]);
  });
});

describe('loading namespaces', () => {
  it('loads a namespace once however often it is asked for while loading', async () => {
    const load = vi.fn(async (language: string, namespace: string) => ({ title: `${namespace} in ${language}` }));
    const i18n = createTranslator({ language: 'hi', load });
    expect(i18n.hasNamespace('auth')).toBe(false);
    await Promise.all([
      i18n.loadNamespaces('auth'),
      i18n.loadNamespaces(['auth', 'blogs']),
      i18n.loadNamespaces('auth'),
    ]);
    expect(load.mock.calls).toEqual([
      ['hi', 'auth'],
      ['hi', 'blogs'],
    ]);
    expect(i18n.hasNamespace('auth')).toBe(true);
    expect(i18n.getFixedT('blogs')('title')).toBe('blogs in hi');
    await i18n.loadNamespaces('auth');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('rejects a failed load, remembers the failure, and loads again when asked again', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return { title: 'Title' };
    });
    const i18n = createTranslator({ language: 'en', load });
    await expect(i18n.loadNamespaces('auth')).rejects.toThrow('offline');
    expect(i18n.hasNamespace('auth')).toBe(false);
    expect(i18n.loadFailed('auth')).toBe(true);
    fail = false;
    await i18n.loadNamespaces('auth');
    expect(load).toHaveBeenCalledTimes(2);
    expect(i18n.loadFailed('auth')).toBe(false);
    expect(i18n.t('title', { ns: 'auth' })).toBe('Title');
  });

  it('rejects when there is nothing to load from', async () => {
    const i18n = createTranslator({ language: 'en', resources: { common } });
    await expect(i18n.loadNamespaces('auth')).rejects.toThrow('no translations for en/auth');
  });

  it('notifies when a namespace is added', () => {
    const i18n = createTranslator({ language: 'en' });
    const listener = vi.fn();
    const unsubscribe = i18n.subscribe(listener);
    i18n.addResources('en', 'common', common);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    i18n.addResources('en', 'other', {});
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('changeLanguage', () => {
  it('loads every namespace of the old language first, then switches and notifies', async () => {
    const loads = new Map<string, ReturnType<typeof deferred<Dictionary>>>();
    const load = vi.fn((language: string, namespace: string) => {
      const d = deferred<Dictionary>();
      loads.set(`${language}/${namespace}`, d);
      return d.promise;
    });
    const i18n = createTranslator({
      language: 'en',
      resources: { common: { hello: 'Hello' }, auth: { login: 'Log in' } },
      load,
    });
    const seen: Array<{ language: string; text: string; login: string }> = [];
    i18n.subscribe(() =>
      seen.push({ language: i18n.language, text: i18n.t('hello'), login: i18n.t('login', { ns: 'auth' }) }),
    );

    const switched = i18n.changeLanguage('hi');
    expect([...loads.keys()].sort()).toEqual(['hi/auth', 'hi/common']);
    loads.get('hi/common')?.resolve({ hello: 'नमस्ते' });
    await Promise.resolve();
    // One namespace in: still English, and the new one is not shown.
    expect(i18n.language).toBe('en');
    expect(i18n.t('hello')).toBe('Hello');
    loads.get('hi/auth')?.resolve({ login: 'लॉग इन' });
    await switched;
    expect(i18n.language).toBe('hi');
    // Listeners heard of the namespaces added, but the language only changed once both were in.
    expect(seen.filter((s) => s.language === 'hi')).toEqual([{ language: 'hi', text: 'नमस्ते', login: 'लॉग इन' }]);
    expect(seen.at(-1)?.language).toBe('hi');
  });

  it('switches at once when the new language has everything already', () => {
    const i18n = createTranslator({ language: 'en', resources: { common: { hello: 'Hello' } } });
    i18n.addResources('ta', 'common', { hello: 'வணக்கம்' });
    void i18n.changeLanguage('ta');
    expect(i18n.language).toBe('ta');
    expect(i18n.t('hello')).toBe('வணக்கம்');
  });

  it('stays in the old language when a namespace of the new one fails to load', async () => {
    const i18n = createTranslator({
      language: 'en',
      resources: { common: { hello: 'Hello' } },
      load: async () => {
        throw new Error('offline');
      },
    });
    const listener = vi.fn();
    i18n.subscribe(listener);
    await expect(i18n.changeLanguage('hi')).rejects.toThrow('offline');
    expect(i18n.language).toBe('en');
    expect(listener).not.toHaveBeenCalled();
  });

  it('lets the latest choice win when an earlier one finishes loading later', async () => {
    const hindi = deferred<Dictionary>();
    const i18n = createTranslator({
      language: 'en',
      resources: { common: { hello: 'Hello' } },
      load: (language) => (language === 'hi' ? hindi.promise : Promise.resolve({ hello: 'வணக்கம்' })),
    });
    const first = i18n.changeLanguage('hi');
    await i18n.changeLanguage('tm');
    expect(i18n.language).toBe('tm');
    hindi.resolve({ hello: 'नमस्ते' });
    await first;
    expect(i18n.language).toBe('tm');
  });
});
