// MSG91's SendOTP API (v5), the Indian provider: it delivers our own code through the DLT-registered
// template named by its template id. India requires every commercial SMS to match a template that is
// registered on the DLT platform, so the text itself lives with MSG91, not here.
//
//   POST {baseUrl}/api/v5/otp?template_id=..&mobile=91XXXXXXXXXX&otp=123456&otp_expiry=5
//   header authkey: <key>; answer {"type":"success","request_id":".."} or {"type":"error","message":".."}
//
// The key travels only in the header, never in the URL, so it cannot end up in an access log, and
// no error message here ever contains it.
import type { FastifyBaseLogger } from 'fastify';
import { serviceUnavailable } from '../../../plugins/errors';
import type { OtpPurpose } from '../../../../contract/auth-rules';
import type { SmsDetails, SmsProvider } from './sms-provider';

export interface Msg91Options {
  authKey: string;
  templateId: string;
  /** The template of a guardian's consent code. */
  consentTemplateId: string;
  /** The template of a guardian's consent code for an event entry, with the event's name as `event`; empty when none is registered. */
  eventConsentTemplateId?: string;
  baseUrl: string;
  ttlSeconds: number;
  /** How long to wait for MSG91 before giving up. */
  timeoutMs?: number;
}

export class Msg91SmsProvider implements SmsProvider {
  constructor(
    private readonly options: Msg91Options,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  async send(mobile: string, code: string, purpose: OtpPurpose = 'sign-in', details?: SmsDetails): Promise<void> {
    const url = new URL('/api/v5/otp', this.options.baseUrl);
    const templateId =
      purpose === 'event-consent'
        ? this.options.eventConsentTemplateId
        : purpose === 'guardian-consent'
          ? this.options.consentTemplateId
          : this.options.templateId;
    if (!templateId) {
      this.log.error({ purpose }, 'No MSG91 template is set for this kind of code (MSG91_EVENT_CONSENT_TEMPLATE_ID)');
      throw serviceUnavailable('smsUnavailable');
    }
    url.searchParams.set('template_id', templateId);
    url.searchParams.set('mobile', mobile);
    url.searchParams.set('otp', code);
    url.searchParams.set('otp_length', String(code.length));
    // MSG91 counts expiry in minutes; ours is the one that matters, theirs only must not be shorter.
    url.searchParams.set('otp_expiry', String(Math.ceil(this.options.ttlSeconds / 60)));

    let status: number;
    let answer: { type?: unknown; message?: unknown } = {};
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authkey: this.options.authKey, 'content-type': 'application/json', accept: 'application/json' },
        // The template's variables: the event a guardian agrees to.
        body: JSON.stringify(purpose === 'event-consent' ? { event: details?.eventName ?? '' } : {}),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      status = response.status;
      const text = await response.text();
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        answer = {};
      }
    } catch (error) {
      this.log.error({ reason: (error as Error).name, host: url.host }, 'MSG91 could not be reached');
      throw serviceUnavailable('smsUnavailable');
    }
    // MSG91 reports some failures (a wrong template, no balance) as 200 with type "error".
    if (status < 200 || status >= 300 || answer.type === 'error') {
      const reason =
        typeof answer.message === 'string'
          ? answer.message.slice(0, 200).split(this.options.authKey).join('[redacted]')
          : undefined;
      this.log.error({ status, reason }, 'MSG91 refused the one-time password');
      throw serviceUnavailable('smsUnavailable');
    }
  }
}
