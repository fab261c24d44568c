import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema.js';
import { verifyPassword, hashPassword } from '../src/auth/passwords.js';
import { OWASP_SCRYPT } from '../src/config.js';
import { BALANCED, startTestServer, type TestServer } from '../src/testing/testServer.js';

const U = '/api/v1/user';

describe('security', () => {
  let t: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'tenger-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Tenger</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestServer({
      config: { webDist, rateLimits: { failuresPerHour: 100, authRequestsPerMinute: 100_000 } },
    });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  it('100 failed logins from 100 addresses slow the account down, but the right password from a clean address still signs in', async () => {
    const p = await t.player(0, 'bruteforced');
    const attempt = (password: string, ip = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: 'bruteforced', password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 100; i++) expect((await attempt(`wrong-${i}`, `10.0.${i}.2`)).statusCode).toBe(401);
    expect((await attempt('player-password', '10.9.9.9')).statusCode).toBe(200);
    // An address that already failed on this account gets no more tries while the slow-down lasts.
    const refused = await attempt('player-password', '10.0.5.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(p.id).toBeGreaterThan(0);
  });

  it('an IP with 100 failures is refused for any account', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: `nobody${i}`, password: 'wrong-pass' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const p = await t.player();
    const res = await t.app.inject({
      method: 'POST',
      url: `${U}/login`,
      payload: { username: p.username, password: 'player-password' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
  });

  it('forgot-password answers 202 either way and mails a one-time link that resets the password', async () => {
    const p = await t.player(0, 'forgetful');
    const unknown = await t.call({
      method: 'POST',
      url: `${U}/forgot-password`,
      payload: { email: 'nobody@nowhere.mn' },
    });
    expect(unknown.statusCode).toBe(202);
    const known = await t.call({
      method: 'POST',
      url: `${U}/forgot-password`,
      payload: { email: 'forgetful@test.mn' },
    });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    await t.services.auth.idle(); // the mail is prepared after the answer
    const [mail] = await t.services.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail.recipient).toBe('forgetful@test.mn');
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.body)![1]);
    const reset = await t.call({
      method: 'POST',
      url: `${U}/reset-password`,
      payload: { token, password: 'fresh-password-9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: `${U}/login`,
      payload: { username: 'forgetful', password: 'fresh-password-9' },
    });
    expect(login.statusCode).toBe(200);
    const reused = await t.call({
      method: 'POST',
      url: `${U}/reset-password`,
      payload: { token, password: 'another-pass-9' },
    });
    expect(reused.statusCode).toBe(400);
    expect(
      (await t.call({ method: 'POST', url: `${U}/forgot-password`, payload: { email: 'not an email' } }))
        .statusCode,
    ).toBe(400);
  });

  it('sends security headers and allows CORS only from the configured origins', async () => {
    const res = await t.call({
      method: 'GET',
      url: `${U}/tables`,
      headers: { origin: 'http://localhost:5173' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const evil = await t.call({
      method: 'GET',
      url: `${U}/tables`,
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the web app with a SPA fallback, but unknown API paths are JSON 404s', async () => {
    const page = await t.call({ method: 'GET', url: '/table/3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect((await t.call({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    const api = await t.call({ method: 'GET', url: '/api/v1/user/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    expect((await t.call({ method: 'POST', url: '/profile' })).statusCode).toBe(404);
  });

  it('stores passwords as scrypt hashes and supports the OWASP parameters', async () => {
    const hash = await hashPassword('correct horse battery', OWASP_SCRYPT);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('wrong horse battery', hash)).toBe(false);
    expect(await verifyPassword('anything', 'garbage')).toBe(false);
  });
});
