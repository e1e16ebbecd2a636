import { useTranslation } from '../../i18n/react';
import { LanguageSelectInput } from '../../components/language-select-input';

/** The ten languages by their own names; the choice is remembered under jgk_lang. */
export function LanguageSwitcher({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('nav.language')}
      </label>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" className="language-switcher__icon">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="2" fill="none" />
        <path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" stroke="currentColor" strokeWidth="2" fill="none" />
      </svg>
      <LanguageSelectInput id={id} className="language-switcher__select" />
    </div>
  );
}
