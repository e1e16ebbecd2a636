// A text's change, word by word in its own language's idea of a word (Intl.Segmenter, so Indic
// words with their vowel signs and joiners stay whole): removed words struck through, added ones
// underlined, each also said in words for screen readers.
import { diffWords } from 'diff';
import { useTranslation } from '../../i18n/react';

export function TextDiff({ before, after, lang }: { before: string; after: string; lang: string }) {
  const { t } = useTranslation('staff');
  const parts = diffWords(before, after, { intlSegmenter: new Intl.Segmenter(lang, { granularity: 'word' }) });
  return (
    <span className="staff-diff" lang={lang}>
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index}>
            <span className="visually-hidden">{t('diff.added')} </span>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index}>
            <span className="visually-hidden">{t('diff.removed')} </span>
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </span>
  );
}
