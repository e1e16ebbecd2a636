// The translator in React: a provider, a hook that suspends until its namespace is there and
// renders again when the language changes, and <Trans> for text with links in it.
import {
  cloneElement,
  createContext,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { DEFAULT_NAMESPACE, type I18n, type TFunction } from './translator';

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * `t` for a namespace (default "common") in the current language, and the translator. Suspends
 * while the namespace of the current language is loading. A namespace whose load failed is not
 * asked for again here (that would loop): its keys show until a later load succeeds.
 */
export function useTranslation(namespace: string = DEFAULT_NAMESPACE): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  const state = () =>
    `${i18n.language}|${i18n.hasNamespace(namespace) ? 'ready' : i18n.loadFailed(namespace) ? 'failed' : 'loading'}`;
  useSyncExternalStore(i18n.subscribe, state, state);
  const language = i18n.language;
  // A new `t` for each language, so what is memoised on `t` is worked out again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- language is the reason for a new t
  const t = useMemo(() => i18n.getFixedT(namespace), [i18n, namespace, language]);
  if (!i18n.hasNamespace(namespace) && !i18n.loadFailed(namespace)) {
    throw i18n.loadNamespaces(namespace).catch(() => undefined);
  }
  return { t, i18n };
}

export interface TransProps {
  t: TFunction;
  i18nKey: string;
  /** Values for {{placeholders}}. */
  values?: Record<string, unknown>;
  /** The elements for the <name>…</name> tags in the text; the text between the tags becomes their children. */
  components?: Record<string, ReactElement>;
}

const TAG = /<(\w+)>([\s\S]*?)<\/\1>/;

/** Text with <name>…</name> tags as React nodes; a tag with no element given stays text. */
function withTags(text: string, components: Record<string, ReactElement>, keyPrefix: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  for (let match = TAG.exec(rest); match; match = TAG.exec(rest)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const key = `${keyPrefix}${nodes.length}`;
    const element = Object.hasOwn(components, name) ? components[name] : undefined;
    if (element) nodes.push(cloneElement(element, { key }, ...withTags(inner, components, `${key}.`)));
    else nodes.push(`<${name}>`, ...withTags(inner, components, `${key}.`), `</${name}>`);
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) nodes.push(rest);
  return nodes;
}

/** A translation with elements in it, e.g. "Write to <mail>{{email}}</mail>" with components={{ mail: <a href=… /> }}. */
export function Trans({ t, i18nKey, values, components = {} }: TransProps) {
  return <>{withTags(t(i18nKey, values), components, '')}</>;
}
