import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_CODES, isLanguageCode } from '../../../../contract/languages';
import { useLanguage } from '../../../i18n/use-language';

/** The course language is the interface language (jgk_lang): choosing one changes both. */
export function LanguageSelect() {
  const { t } = useTranslation('learning');
  const { language, setLanguage } = useLanguage();
  const id = useId();
  return (
    <div className="lang-select">
      <label htmlFor={id} className="lang-select__label">
        {t('courseLanguage')}
      </label>
      <select
        id={id}
        className="lang-select__input"
        value={language}
        onChange={(event) => {
          if (isLanguageCode(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={LANGUAGES[code].bcp47}>
            {LANGUAGES[code].nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
