import { Suspense, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider, Trans, useTranslation } from './react';
import { createTranslator, type Dictionary, type I18n } from './translator';

function Greeting({ ns }: { ns?: string }) {
  const { t, i18n } = useTranslation(ns);
  return (
    <p lang={i18n.language}>
      {t('title')} {t('count', { count: 2 })}
    </p>
  );
}

/** The markup inside a Suspense boundary, without the boundary's markers (and the note renderToString leaves for the browser when it suspended). */
const render = (i18n: I18n, node: ReactNode) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <Suspense fallback={<i>loading</i>}>{node}</Suspense>
    </I18nProvider>,
  ).replace(/<!--\/?\$!?-->|<template [^>]*><\/template>/g, '');

describe('useTranslation', () => {
  it('renders the text of the default namespace and of a named one, with the language', () => {
    const i18n = createTranslator({
      language: 'hi',
      resources: {
        common: { title: 'शीर्षक', count: '{{count}} पाठ' },
        blogs: { title: 'ब्लॉग', count: '{{count}} ब्लॉग' },
      },
    });
    expect(render(i18n, <Greeting />)).toBe('<p lang="hi">शीर्षक<!-- --> <!-- -->2 पाठ</p>');
    expect(render(i18n, <Greeting ns="blogs" />)).toBe('<p lang="hi">ब्लॉग<!-- --> <!-- -->2 ब्लॉग</p>');
  });

  it('suspends while its namespace is loading, and renders it once loaded', async () => {
    let finish!: (dictionary: Dictionary) => void;
    const load = vi.fn(() => new Promise<Dictionary>((resolve) => (finish = resolve)));
    const i18n = createTranslator({ language: 'en', resources: { common: {} }, load });
    expect(render(i18n, <Greeting ns="blogs" />)).toBe('<i>loading</i>');
    expect(render(i18n, <Greeting ns="blogs" />)).toBe('<i>loading</i>');
    expect(load.mock.calls).toEqual([['en', 'blogs']]);
    finish({ title: 'Blogs', count: '{{count}} posts' });
    await i18n.loadNamespaces('blogs');
    expect(render(i18n, <Greeting ns="blogs" />)).toBe('<p lang="en">Blogs<!-- --> <!-- -->2 posts</p>');
  });

  it('shows the keys of a namespace that failed to load instead of asking for it again', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const i18n = createTranslator({ language: 'en', load });
    await expect(i18n.loadNamespaces('blogs')).rejects.toThrow('offline');
    expect(render(i18n, <Greeting ns="blogs" />)).toBe('<p lang="en">title<!-- --> <!-- -->count</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('needs a provider', () => {
    expect(() => renderToString(<Greeting />)).toThrow('I18nProvider');
  });
});

describe('Trans', () => {
  const i18n = createTranslator({
    language: 'en',
    resources: {
      common: {
        contact: 'Write to us at <mail>{{email}}</mail>. We answer soon.',
        twice: '<policy>Policy</policy> and <mail>mail</mail>',
        unknown: 'A <b>bold</b> claim with <mail>a link</mail>',
      },
    },
  });

  it('puts the text between a named tag into the element given for it', () => {
    const html = renderToString(
      <Trans
        t={i18n.t}
        i18nKey="contact"
        values={{ email: 'help@example.org' }}
        components={{ mail: <a href="mailto:help@example.org" /> }}
      />,
    );
    expect(html).toBe('Write to us at <a href="mailto:help@example.org">help@example.org</a>. We answer soon.');
  });

  it('renders several tags, and a tag with no element as text', () => {
    const components = { mail: <a href="mailto:x@example.org" />, policy: <a href="/privacy-policy" /> };
    expect(renderToString(<Trans t={i18n.t} i18nKey="twice" components={components} />)).toBe(
      '<a href="/privacy-policy">Policy</a> and <a href="mailto:x@example.org">mail</a>',
    );
    expect(renderToString(<Trans t={i18n.t} i18nKey="unknown" components={components} />)).toBe(
      'A <!-- -->&lt;b&gt;<!-- -->bold<!-- -->&lt;/b&gt;<!-- --> claim with <a href="mailto:x@example.org">a link</a>',
    );
  });
});
