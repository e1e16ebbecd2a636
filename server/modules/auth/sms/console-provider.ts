// Development only: the code goes to the server log, one line with the number, so a person trying
// the product locally can sign in. config.ts refuses this provider in production.
import type { FastifyBaseLogger } from 'fastify';
import type { OtpPurpose } from '../../../../contract/auth-rules';
import type { SmsDetails, SmsProvider } from './sms-provider';

export class ConsoleSmsProvider implements SmsProvider {
  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  async send(mobile: string, code: string, purpose: OtpPurpose = 'sign-in', details?: SmsDetails): Promise<void> {
    const what =
      purpose === 'event-consent'
        ? `Guardian consent one-time password for the event "${details?.eventName ?? ''}"`
        : purpose === 'guardian-consent'
          ? 'Guardian consent one-time password'
          : 'One-time password';
    this.log.info(`${what} for ${mobile}: ${code}`);
  }
}
