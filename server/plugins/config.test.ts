import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a local start', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.sms.provider).toBe('console');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.otp.ttlSeconds).toBe(300);
    expect(config.otp.maxAttempts).toBe(5);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/jgk', DATABASE_URL: 'postgres://x@y/z' });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe('/tmp/jgk');
    expect(config.uploadsDir).toBe('/tmp/jgk/uploads');
    expect(config.databaseUrl).toBe('postgres://x@y/z');
    expect(config.publicUrl).toBe('http://localhost:4100');
  });

  it('names the variable when a number is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ OTP_TTL_SECONDS: '3600' })).toThrow(/OTP_TTL_SECONDS must be a whole number from 60 to 600/);
  });

  it('refuses the console SMS provider in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'console', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      /would not deliver/,
    );
  });

  it('needs MSG91 credentials and a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'msg91', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      /MSG91_AUTH_KEY/,
    );
    const sms = { SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k', MSG91_TEMPLATE_ID: 't' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...sms })).toThrow(/SESSION_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ...sms });
    expect(config.sms.provider).toBe('msg91');
  });

  it('rejects an unknown SMS provider', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER must be/);
  });
});
