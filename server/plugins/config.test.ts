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

  it('listens on the socket a service manager hands over (LISTEN_FDS), when it is meant for this process', () => {
    expect(loadConfig({}).inheritedSocketFd).toBeUndefined();
    expect(loadConfig({ LISTEN_FDS: '1' }).inheritedSocketFd).toBe(3);
    expect(loadConfig({ LISTEN_FDS: '1', LISTEN_PID: String(process.pid) }).inheritedSocketFd).toBe(3);
    // Handed to the process that started this one, which did not pass it on.
    expect(loadConfig({ LISTEN_FDS: '1', LISTEN_PID: String(process.pid + 1) }).inheritedSocketFd).toBeUndefined();
    expect(loadConfig({ LISTEN_FDS: '0' }).inheritedSocketFd).toBeUndefined();
    expect(() => loadConfig({ LISTEN_FDS: '2' })).toThrow(/LISTEN_FDS must name one socket/);
    expect(() => loadConfig({ LISTEN_FDS: 'three' })).toThrow(/LISTEN_FDS must be a whole number/);
  });

  it('names the variable when a number is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ OTP_TTL_SECONDS: '3600' })).toThrow(
      /OTP_TTL_SECONDS must be a whole number from 60 to 600/,
    );
  });

  it('refuses the console SMS provider in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'console', SESSION_SECRET: 'x'.repeat(40) }),
    ).toThrow(/would not deliver/);
  });

  it('needs MSG91 credentials and a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'msg91', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      /MSG91_AUTH_KEY/,
    );
    const signInOnly = { SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k', MSG91_TEMPLATE_ID: 't' };
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ...signInOnly })).toThrow(
      /MSG91_CONSENT_TEMPLATE_ID/,
    );
    const sms = { ...signInOnly, MSG91_CONSENT_TEMPLATE_ID: 'c' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...sms })).toThrow(/SESSION_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ...sms });
    expect(config.sms.provider).toBe('msg91');
  });

  it('rejects an unknown SMS provider', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER must be/);
  });

  it('takes a direct database address only beside DATABASE_URL', () => {
    expect(loadConfig({}).databaseDirectUrl).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://pooler:6432/jgk', DATABASE_DIRECT_URL: 'postgres://db:5432/jgk' })
        .databaseDirectUrl,
    ).toBe('postgres://db:5432/jgk');
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://db:5432/jgk' })).toThrow(/DATABASE_URL/);
  });

  it('trusts no proxy by default, a number of proxies, or the proxies at listed addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/cannot read "10.0.0.0\/33"/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be/);
    expect(() => loadConfig({ TRUST_PROXY: '50' })).toThrow(/from 1 to 10/);
  });

  it('refuses TRUST_PROXY=true in production, where it would let a client choose its own address', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'k',
      MSG91_TEMPLATE_ID: 't',
      MSG91_CONSENT_TEMPLATE_ID: 'c',
    };
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true lets every client choose its own address/,
    );
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('reads the API rate limits and refuses a short metrics token', () => {
    expect(loadConfig({}).apiRateLimitPerMinute).toBe(600);
    expect(loadConfig({ API_RATE_LIMIT_PER_MINUTE: '30' }).apiRateLimitPerMinute).toBe(30);
    expect(loadConfig({}).apiAddressLimitPerMinute).toBe(30_000);
    expect(loadConfig({ API_ADDRESS_LIMIT_PER_MINUTE: '100' }).apiAddressLimitPerMinute).toBe(100);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32 characters/);
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
  });

  it('reads the load-shedding threshold and the send limits a carrier-grade NAT address can live with', () => {
    expect(loadConfig({}).loadShedEventLoopDelayMs).toBe(500);
    expect(loadConfig({ NODE_ENV: 'test' }).loadShedEventLoopDelayMs).toBe(0);
    expect(loadConfig({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' }).loadShedEventLoopDelayMs).toBe(0);
    expect(() => loadConfig({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(
      /LOAD_SHED_EVENT_LOOP_DELAY_MS must be a whole number from 0/,
    );
    expect(loadConfig({}).otp).toMatchObject({ perNumberLimit: 5, perAddressLimit: 1000, perHourLimit: 2000 });
    expect(loadConfig({ OTP_PER_HOUR_LIMIT: '50' }).otp.perHourLimit).toBe(50);
    expect(() => loadConfig({ OTP_PER_HOUR_LIMIT: '0' })).toThrow(/OTP_PER_HOUR_LIMIT must be a whole number from 1/);
  });

  it('gives the staff side of a session shorter lifetimes: 30 idle minutes, 12 hours in all', () => {
    expect(loadConfig({}).staffSession).toEqual({ idleMinutes: 30, absoluteHours: 12 });
    expect(loadConfig({ STAFF_SESSION_IDLE_MINUTES: '15', STAFF_SESSION_ABSOLUTE_HOURS: '8' }).staffSession).toEqual({
      idleMinutes: 15,
      absoluteHours: 8,
    });
    expect(() => loadConfig({ STAFF_SESSION_IDLE_MINUTES: '0' })).toThrow(
      /STAFF_SESSION_IDLE_MINUTES must be a whole number from 5 to 1440/,
    );
    expect(() => loadConfig({ STAFF_SESSION_ABSOLUTE_HOURS: '100' })).toThrow(
      /STAFF_SESSION_ABSOLUTE_HOURS must be a whole number from 1 to 72/,
    );
  });

  it('says whether the secret came from SESSION_SECRET', () => {
    expect(loadConfig({ SESSION_SECRET: 's'.repeat(40) })).toMatchObject({
      secret: 's'.repeat(40),
      secretFromEnvironment: true,
    });
    const generated = loadConfig({});
    expect(generated.secretFromEnvironment).toBe(false);
    expect(generated.secret).toMatch(/^[0-9a-f]{64}$/);
  });
});
