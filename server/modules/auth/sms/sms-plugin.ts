// Makes the SMS provider available as app.sms, so the auth service sends through it and tests read
// the codes it kept. buildApp may pass a provider of its own (a test's fake); otherwise the
// configuration picks one.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSmsProvider, type SmsProvider } from './sms-provider';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
  }
}

export default fp(
  async function sms(app: FastifyInstance, opts: { provider?: SmsProvider }) {
    app.decorate('sms', opts.provider ?? createSmsProvider(app.config, app.log));
  },
  { name: 'sms', dependencies: ['config'] },
);
