// Long texts (home, about, policies) are written in every language. When the visitor's language has
// no file for the namespace, the English file is served in its place (i18n.ts) and the page shows
// a note saying so; every long-text file carries "meta.lang" with the language it is written in.
import { useTranslation } from './react';

export function useLongText(namespace: string) {
  const { t, i18n } = useTranslation(namespace);
  const writtenIn = t('meta.lang');
  return { t, i18n, isFallback: writtenIn !== i18n.language };
}
