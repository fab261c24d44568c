import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, OWASP_SCRYPT, REPO_ROOT } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults: port 3000 on 127.0.0.1, PGlite in <repo>/data, OWASP scrypt', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, logLevel: 'info' });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.webDist).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
    expect(config.scrypt).toEqual(OWASP_SCRYPT);
    expect(config.admin.password).toBeUndefined();
  });

  it('the repository root is found from the file, not the working directory', () => {
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '..', '..', '..'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/tenger',
      DATA_DIR: '/var/lib/tenger',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'long-enough-password',
      ADMIN_EMAIL: 'boss@tenger.mn',
      PUBLIC_ORIGIN: 'https://tenger.mn, https://www.tenger.mn/',
      SMTP_URL: 'smtp://mail:25',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/tenger',
      dataDir: '/var/lib/tenger',
      admin: { username: 'boss', password: 'long-enough-password', email: 'boss@tenger.mn' },
      publicOrigins: ['https://tenger.mn', 'https://www.tenger.mn'],
      smtpUrl: 'smtp://mail:25',
      logLevel: 'warn',
      trustProxyHops: 1,
    });
  });

  it('links in mails point at PUBLIC_ORIGIN when set, and at an allowed origin of the asking request when not', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://tenger.mn, https://www.tenger.mn' }).mailLinkOrigin).toBe(
      'https://tenger.mn',
    );
    expect(loadConfig({}).mailLinkOrigin).toBeUndefined();
  });

  it('refuses to start with SMTP_URL and no PUBLIC_ORIGIN, saying why', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25' })).toThrow(
      /PUBLIC_ORIGIN: required when SMTP_URL is set .*never from the Host header/,
    );
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail:25', PUBLIC_ORIGIN: 'https://tenger.mn' }).mailLinkOrigin,
    ).toBe('https://tenger.mn');
  });

  it('refuses to start in production without PUBLIC_ORIGIN', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_ORIGIN: required/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://tenger.mn' }).mailLinkOrigin).toBe(
      'https://tenger.mn',
    );
  });

  it('reports every problem at once with a clear message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL must start with postgres/);
    expect(problems).toMatch(/ADMIN_PASSWORD must be at least 8/);
    expect(problems).toMatch(/LOG_LEVEL/);
  });

  it('a graceful shutdown lets running hands finish for 60 s unless SHUTDOWN_DRAIN_SECONDS says otherwise', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(60_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '120' }).shutdownDrainMs).toBe(120_000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '2.5' })).toThrow(/whole number of seconds/);
  });

  it('bots pause at human pace unless BOT_PAUSE_MS=min-max says otherwise; a malformed range is refused', () => {
    expect(loadConfig({}).botPauseMs).toBeUndefined();
    expect(loadConfig({ BOT_PAUSE_MS: '0-0' }).botPauseMs).toEqual([0, 0]);
    expect(loadConfig({ BOT_PAUSE_MS: '200-800' }).botPauseMs).toEqual([200, 800]);
    expect(() => loadConfig({ BOT_PAUSE_MS: '800-200' })).toThrow(/BOT_PAUSE_MS/);
    expect(() => loadConfig({ BOT_PAUSE_MS: 'fast' })).toThrow(/BOT_PAUSE_MS must be min-max/);
  });

  it('runs as one process without REDIS_URL; several share Redis only on PostgreSQL', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({}).nodeId).toMatch(/:\d+$/);
    const shared = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://postgres@127.0.0.1/test',
      NODE_ID: 'node-a',
    });
    expect(shared).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379', nodeId: 'node-a' });
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/set DATABASE_URL too/);
    expect(() => loadConfig({ REDIS_URL: 'http://x', DATABASE_URL: 'postgres://x/y' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ NODE_ID: 'a b' })).toThrow(/NODE_ID/);
  });

  it('keys and channels in Redis start with REDIS_PREFIX, tenger: unless set', () => {
    expect(loadConfig({}).redisPrefix).toBe('tenger:');
    expect(loadConfig({ REDIS_PREFIX: 'site-b:' }).redisPrefix).toBe('site-b:');
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
  });

  it('an address is refused at accept after 100 429s a minute, unless behind a proxy or HTTP_MAX_REFUSALS_PER_IP says otherwise', () => {
    expect(loadConfig({}).httpRefusalsPerIp).toBe(100);
    expect(loadConfig({ TRUST_PROXY: '1' }).httpRefusalsPerIp).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1', HTTP_MAX_REFUSALS_PER_IP: '50' }).httpRefusalsPerIp).toBe(50);
    expect(loadConfig({ HTTP_MAX_REFUSALS_PER_IP: '0' }).httpRefusalsPerIp).toBe(0);
    expect(() => loadConfig({ HTTP_MAX_REFUSALS_PER_IP: '-1' })).toThrow(ConfigError);
  });

  it('one address checks 60 passwords a minute, 4 at once, unless PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE raises it', () => {
    expect(loadConfig({}).passwordGuard).toMatchObject({
      perAddressPerMinute: 60,
      perAddressInFlight: 4,
      inFlight: 8,
    });
    expect(loadConfig({ PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE: '90' }).passwordGuard).toMatchObject({
      perAddressPerMinute: 90,
      perAddressInFlight: 6,
    });
    // More at once than the whole process may run is never granted.
    expect(
      loadConfig({ PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE: '1200' }).passwordGuard.perAddressInFlight,
    ).toBe(8);
    expect(() => loadConfig({ PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_CHECKS_PER_ADDRESS_PER_MINUTE: 'many' })).toThrow(ConfigError);
  });

  it('refuses an origin that is not an origin', () => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'tenger.mn/path' })).toThrow(ConfigError);
  });
});
