import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { LanguageSelectInput } from '../../../components/language-select-input';

/**
 * The catalogue's language is the site's (jgk_lang): choosing one changes the courses and the whole
 * interface, and the hint under the field says so, so nobody expects only the courses to change.
 */
export function LanguageSelect() {
  const { t } = useTranslation('learning');
  const id = useId();
  return (
    <div className="lang-select">
      <label htmlFor={id} className="lang-select__label">
        {t('siteLanguage')}
      </label>
      <LanguageSelectInput id={id} className="lang-select__input" aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="lang-select__hint">
        {t('siteLanguageHint')}
      </p>
    </div>
  );
}
