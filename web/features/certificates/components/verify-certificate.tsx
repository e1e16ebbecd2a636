// The public page a certificate's QR code opens: whether the number is genuine, and the name,
// course and date on it.
import { useTranslation } from '../../../i18n/react';
import { LANGUAGES } from '../../../../contract/languages';
import { formatDate } from '../../../lib/text';
import { localMessage } from '../../../i18n/server-messages';
import { useLanguage } from '../../../i18n/use-language';
import { QueryState } from '../../../components/query-state';
import { useVerifyCertificate } from '../api/certificates';
import './certificates.css';

export function VerifyCertificate({ number }: { number: string }) {
  const { t } = useTranslation('profile');
  const { language } = useLanguage();
  const result = useVerifyCertificate(number);
  return (
    <div className="container learner-section">
      <div className="card verify">
        <h1 className="verify__title">{t('verifyTitle')}</h1>
        <p className="verify__number">
          {t('certificateNumber')}: <strong>{number}</strong>
        </p>
        <QueryState
          isPending={result.isPending}
          isError={result.isError}
          refetch={() => void result.refetch()}
          minHeight={120}
        />
        {result.data?.valid === true && (
          <div className="verify__ok" role="status">
            <p className="verify__badge">✓ {t('verifyValid')}</p>
            <dl className="info">
              <dt>{t('verifyName')}</dt>
              <dd data-testid="certificate-name">{result.data.learnerName}</dd>
              <dt>{t('verifyCourse')}</dt>
              <dd lang={LANGUAGES[result.data.lang].bcp47}>{result.data.courseTitle}</dd>
              <dt>{t('verifyDate')}</dt>
              <dd>{formatDate(result.data.completedAt, LANGUAGES[language].bcp47)}</dd>
              {result.data.reissuedAt && (
                <>
                  <dt>{t('verifyReissued')}</dt>
                  <dd data-testid="certificate-reissued">
                    {formatDate(result.data.reissuedAt, LANGUAGES[language].bcp47)}
                  </dd>
                </>
              )}
            </dl>
            {result.data.reissuedAt && <p className="verify__note">{t('verifyReissuedNote')}</p>}
          </div>
        )}
        {result.data?.valid === false && (
          <p className="verify__bad" role="alert">
            ✗ {t('verifyInvalid')} {localMessage(result.data)}
          </p>
        )}
      </div>
    </div>
  );
}
