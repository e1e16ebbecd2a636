// A translation's field beside its source, as translators work: the source's words (in its own
// language, marked so) on the left and the field to write in on the right, stacked on a narrow
// screen (staff.css, .tr-row). The translation view of content and an event's texts both use it.
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

export function SourceBeside({
  sourceLabel,
  sourceLang,
  source,
  badge,
  below,
  marked = false,
  children,
}: {
  /** The source field's name in its language ("Name in English"). */
  sourceLabel: string;
  /** The source's language, BCP 47, for its script's font and a screen reader's voice. */
  sourceLang: string;
  /** The source's text (rich text already rendered); empty says there is none. */
  source: ReactNode;
  /** Beside the source's name: its state ("changed in the source"). */
  badge?: ReactNode;
  /** Under the source: how it changed. */
  below?: ReactNode;
  /** Marked at its side as needing work. */
  marked?: boolean;
  /** The field to write in. */
  children: ReactNode;
}) {
  const { t } = useTranslation('staff');
  return (
    <div className={marked ? 'tr-row tr-row--stale' : 'tr-row'}>
      <div className="tr-source">
        <p className="tr-source__head">
          <span className="ce-label">{sourceLabel}</span> {badge}
        </p>
        <div lang={sourceLang} className="tr-source__text">
          {source === '' || source === null || source === undefined ? (
            <span className="staff-muted">{t('translate.sourceEmpty')}</span>
          ) : (
            source
          )}
        </div>
        {below}
      </div>
      <div className="tr-target">{children}</div>
    </div>
  );
}
