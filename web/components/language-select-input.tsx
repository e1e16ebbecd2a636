import { LANGUAGES, LANGUAGE_CODES, isLanguageCode } from '../../contract/languages';
import { useLanguage } from '../i18n/use-language';

/**
 * The ten languages by their own names, bound to the interface language (remembered under
 * jgk_lang; the course language follows it). Callers give the label and the look.
 */
export function LanguageSelectInput({
  id,
  className,
  'aria-describedby': describedBy,
}: {
  id: string;
  className: string;
  'aria-describedby'?: string;
}) {
  const { language, setLanguage } = useLanguage();
  return (
    <select
      id={id}
      className={className}
      aria-describedby={describedBy}
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
  );
}
