import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { LanguageSelectInput } from '../../../components/language-select-input';

/** The course language is the interface language (jgk_lang): choosing one changes both. */
export function LanguageSelect() {
  const { t } = useTranslation('learning');
  const id = useId();
  return (
    <div className="lang-select">
      <label htmlFor={id} className="lang-select__label">
        {t('courseLanguage')}
      </label>
      <LanguageSelectInput id={id} className="lang-select__input" />
    </div>
  );
}
