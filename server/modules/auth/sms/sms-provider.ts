// One interface for every way a one-time password reaches a phone, and the one place that picks the
// provider from configuration.
import type { FastifyBaseLogger } from 'fastify';
import type { OtpPurpose } from '../../../../contract/auth-rules';
import type { Config } from '../../../plugins/config';
import { ConsoleSmsProvider } from './console-provider';
import { MemorySmsProvider } from './memory-provider';
import { Msg91SmsProvider } from './msg91-provider';

/** What a message names besides the code: the event a guardian agrees to (an event consent code). */
export interface SmsDetails {
  eventName?: string;
}

export interface SmsProvider {
  /**
   * Delivers the code to the 12-digit mobile number, in the text of its purpose (a sign-in, a
   * guardian agreeing to a minor's learning, or to a minor's entry in the event named in `details`);
   * throws serviceUnavailable('smsUnavailable') when it cannot.
   */
  send(mobile: string, code: string, purpose: OtpPurpose, details?: SmsDetails): Promise<void>;
}

export function createSmsProvider(config: Config, log: FastifyBaseLogger): SmsProvider {
  switch (config.sms.provider) {
    case 'msg91':
      return new Msg91SmsProvider({ ...config.sms.msg91, ttlSeconds: config.otp.ttlSeconds }, log);
    case 'memory':
      return new MemorySmsProvider();
    case 'console':
      return new ConsoleSmsProvider(log);
  }
}
