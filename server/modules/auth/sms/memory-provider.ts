// For tests: keeps every message so a test can read the code a learner would have received.
import type { OtpPurpose } from '../../../../contract/auth-rules';
import type { SmsDetails, SmsProvider } from './sms-provider';

export interface SentSms {
  mobile: string;
  code: string;
  purpose: OtpPurpose;
  /** The event an event consent code names. */
  eventName?: string;
  at: Date;
}

export class MemorySmsProvider implements SmsProvider {
  readonly sent: SentSms[] = [];

  async send(mobile: string, code: string, purpose: OtpPurpose = 'sign-in', details?: SmsDetails): Promise<void> {
    this.sent.push({
      mobile,
      code,
      purpose,
      ...(details?.eventName ? { eventName: details.eventName } : {}),
      at: new Date(),
    });
  }

  /** The latest code sent to the number, or undefined when none was. */
  lastCode(mobile: string): string | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const message = this.sent[i]!;
      if (message.mobile === mobile) return message.code;
    }
    return undefined;
  }

  countFor(mobile: string): number {
    return this.sent.filter((message) => message.mobile === mobile).length;
  }

  clear(): void {
    this.sent.length = 0;
  }
}
