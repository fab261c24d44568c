import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { listAudit } from '../src/audit/auditLog.js';
import { DEFAULT_PASSWORD_GUARD } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { createLogger } from '../src/logging/logger.js';
import type { Mailer, MailMessage } from '../src/mail/mailer.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../src/testing/testServer.js';

const U = '/api/v1/user';
const A = '/api/v1/admin';
/** Wrong passwords for one account from one address before that pair is refused. */
const PAIR_LIMIT = DEFAULT_PASSWORD_GUARD.pairFailuresPerHour;
const MAIL_DELAY_MS = 400;

/** A mail server that takes its time: forgot-password must not wait for it. */
class SlowMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
    this.sent.push(message);
  }
  async resetLink(to: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mail = [...this.sent].reverse().find((m) => m.to === to);
      if (mail) {
        this.sent.splice(this.sent.indexOf(mail), 1);
        return decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no mail to ${to}`);
  }
}

describe.each(TEST_DRIVERS)('account security on $name', ({ url }) => {
  let t: TestServer;
  const mailer = new SlowMailer();
  const logLines: string[] = [];
  beforeAll(async () => {
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    );
    t = await startTestServer({
      databaseUrl: url,
      mailer,
      logger,
      config: { rateLimits: { failuresPerHour: 100, authRequestsPerMinute: 100_000 } },
    });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip = '198.51.100.1') =>
    t.app.inject({ method: 'POST', url: `${U}/login`, payload: { username, password }, remoteAddress: ip });
  const patchMe = (p: TestPlayer, payload: object, ip = '198.51.100.2') =>
    t.app.inject({
      method: 'PATCH',
      url: `${U}/me`,
      payload,
      headers: { authorization: `Bearer ${p.token}` },
      remoteAddress: ip,
    });
  let forgotCount = 0;
  /** Each from its own address: forgot-password is rate limited per IP. */
  const forgot = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: `${U}/forgot-password`,
      payload: { email },
      remoteAddress: `100.64.0.${++forgotCount}`,
    });
  const row = async (id: number) => (await t.services.db.select().from(users).where(eq(users.id, id)))[0];
  const audit = (action: string, target: number) =>
    listAudit(t.services.db, { limit: 10, action, target: String(target) });

  describe('PATCH /me', () => {
    it('a stolen token alone cannot change the email, bank or account number', async () => {
      const p = await t.player(0);
      for (const change of [
        { bank: 'Golomt Bank' },
        { accountNumber: '99998888' },
        { email: 'thief@evil.mn' },
      ]) {
        const res = await patchMe(p, change);
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().error.fields.currentPassword).toBeDefined();
        const wrong = await patchMe(p, { ...change, currentPassword: 'not-my-password' });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().error.fields.currentPassword).toBeDefined();
      }
      const after = await row(p.id);
      expect([after.bank, after.accountNumber, after.email]).toEqual([
        'Khan Bank',
        '5000123456',
        `${p.username}@test.mn`,
      ]);
    });

    it('the bank must be one of the offered banks', async () => {
      const p = await t.player(0);
      const res = await patchMe(p, { bank: 'Evil Offshore Bank', currentPassword: 'player-password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.bank).toBeDefined();
      expect((await row(p.id)).bank).toBe('Khan Bank');
    });

    it('with the password the change is made and audited, the account number masked', async () => {
      const p = await t.player(0);
      const res = await patchMe(p, {
        bank: 'Golomt Bank',
        accountNumber: '1111222233',
        currentPassword: 'player-password',
        preferences: { darkTheme: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ bank: 'Golomt Bank', accountNumber: '1111222233' });
      const [entry] = await audit('security.account_change', p.id);
      expect(entry).toMatchObject({ actorId: p.id, targetType: 'user' });
      expect(entry.summary).toContain('Golomt Bank');
      expect(entry.summary).toContain('3456');
      expect(entry.summary).toContain('2233');
      expect(entry.summary).not.toContain('5000123456');
      expect(entry.summary).not.toContain('1111222233');
      // Preferences alone need no password.
      expect((await patchMe(p, { preferences: { sounds: false } })).statusCode).toBe(200);
    });

    it('current-password guesses count with the logins of their address: after the limit the right password is refused there, not elsewhere', async () => {
      const p = await t.player(0);
      const ip = '203.0.113.7';
      for (let i = 0; i < PAIR_LIMIT; i++) {
        const res = await patchMe(p, { bank: 'Golomt Bank', currentPassword: `guess-${i}` }, ip);
        expect(res.statusCode).toBe(400);
      }
      const right = await patchMe(p, { bank: 'Golomt Bank', currentPassword: 'player-password' }, ip);
      expect(right.statusCode).toBe(429);
      expect((await login(p.username, 'player-password', ip)).statusCode).toBe(429);
      expect((await row(p.id)).bank).toBe('Khan Bank');
      expect((await audit('security.lockout', p.id)).length).toBe(1);
      expect((await audit('security.wrong_password', p.id)).length).toBe(PAIR_LIMIT);
      // The owner, from an address that never failed, is not refused.
      expect((await login(p.username, 'player-password', '203.0.113.98')).statusCode).toBe(200);
    });

    it('a password change kills every other session and older reset links, keeps this session, and is audited', async () => {
      const p = await t.player(0);
      const other = (await login(p.username, 'player-password')).json().accessToken as string;
      await forgot(`${p.username}@test.mn`);
      const oldLink = await mailer.resetLink(`${p.username}@test.mn`);
      const res = await patchMe(p, { newPassword: 'brand-new-pass-1', currentPassword: 'player-password' });
      expect(res.statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: other })).statusCode).toBe(401);
      const reset = await t.call({
        method: 'POST',
        url: `${U}/reset-password`,
        payload: { token: oldLink, password: 'attacker-pass-1' },
      });
      expect(reset.statusCode).toBe(400);
      expect((await login(p.username, 'brand-new-pass-1')).statusCode).toBe(200);
      expect((await audit('security.password_change', p.id)).length).toBe(1);
    });
  });

  describe('password reset', () => {
    it('forgot-password does not wait for the mail, whether or not the email exists', async () => {
      const p = await t.player(0);
      for (const email of [`${p.username}@test.mn`, 'nobody@nowhere.mn']) {
        const started = performance.now();
        const res = await forgot(email);
        expect(res.statusCode).toBe(202);
        expect(performance.now() - started).toBeLessThan(MAIL_DELAY_MS);
      }
      expect(await mailer.resetLink(`${p.username}@test.mn`)).toBeTruthy();
    });

    it('using one reset link kills every other outstanding link and every session, and is audited', async () => {
      const p = await t.player(0);
      const email = `${p.username}@test.mn`;
      await forgot(email);
      const first = await mailer.resetLink(email);
      await forgot(email);
      const second = await mailer.resetLink(email);
      const used = await t.call({
        method: 'POST',
        url: `${U}/reset-password`,
        payload: { token: second, password: 'reset-pass-1' },
      });
      expect(used.statusCode).toBe(200);
      const old = await t.call({
        method: 'POST',
        url: `${U}/reset-password`,
        payload: { token: first, password: 'attacker-pass-1' },
      });
      expect(old.statusCode).toBe(400);
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(401);
      expect((await login(p.username, 'reset-pass-1')).statusCode).toBe(200);
      expect((await audit('security.password_reset', p.id)).length).toBe(1);
    });

    it('no reset token, access token or password reaches the log', async () => {
      const p = await t.player(0);
      const email = `${p.username}@test.mn`;
      await forgot(email);
      const link = await mailer.resetLink(email);
      await t.call({ method: 'GET', url: `/auth/reset-password?token=${encodeURIComponent(link)}` });
      await t.call({
        method: 'POST',
        url: `${U}/reset-password`,
        payload: { token: link, password: 'logged-pass-1' },
      });
      const fresh = (await login(p.username, 'logged-pass-1')).json().accessToken as string;
      await t.call({ method: 'GET', url: `${U}/me?accessToken=${fresh}`, token: fresh });
      t.services.logger.info({ body: { token: link, password: 'logged-pass-1' } }, 'a careless line');
      const log = logLines.join('');
      expect(log).toContain('reset-password');
      for (const secret of [link, encodeURIComponent(link), fresh, 'logged-pass-1'])
        expect(log).not.toContain(secret);
    });
  });

  describe('login', () => {
    it('username and email of one account share one failure counter per address, and the lockout is audited once', async () => {
      const p = await t.player(0);
      const ip = '192.0.2.9';
      for (let i = 0; i < PAIR_LIMIT; i++) {
        const name = i % 2 === 0 ? p.username : `${p.username.toUpperCase()}@TEST.MN`;
        expect((await login(name, `wrong-${i}`, ip)).statusCode).toBe(401);
      }
      expect((await login(`${p.username}@test.mn`, 'player-password', ip)).statusCode).toBe(429);
      expect((await login(p.username, 'player-password', ip)).statusCode).toBe(429);
      const lockouts = await audit('security.lockout', p.id);
      expect(lockouts.length).toBe(1);
      expect(lockouts[0]).toMatchObject({ actorId: null, targetType: 'user' });
      expect((await login(p.username, 'player-password', '192.0.2.51')).statusCode).toBe(200);
    });

    it('a blocked account answers exactly like a wrong password, right password or not', async () => {
      const p = await t.player(0);
      expect(
        (await t.call({ method: 'DELETE', url: `${A}/user?userId=${p.id}`, token: t.admin.token }))
          .statusCode,
      ).toBe(200);
      const right = await login(p.username, 'player-password', '192.0.2.60');
      const wrong = await login(p.username, 'wrong-password', '192.0.2.61');
      expect(right.statusCode).toBe(401);
      expect(right.json()).toEqual({ error: { code: 'login_failed', message: 'Login failed' } });
      expect(wrong.json()).toEqual(right.json());
    });

    it('during maintenance only administrators log in; players get 503 with the message in their language', async () => {
      const p = await t.player(0);
      const on = await t.call({
        method: 'PUT',
        url: `${A}/settings`,
        token: t.admin.token,
        payload: {
          maintenance: { enabled: true, messages: { en: 'Back at noon', mn: 'Үдээс хойш нээгдэнэ' } },
        },
      });
      expect(on.statusCode).toBe(200);
      try {
        const refused = await login(p.username, 'player-password', '192.0.2.70');
        expect(refused.statusCode).toBe(503);
        expect(refused.json().error).toMatchObject({ code: 'maintenance', message: 'Back at noon' });
        const mn = await t.app.inject({
          method: 'POST',
          url: `${U}/login`,
          payload: { username: p.username, password: 'player-password' },
          headers: { 'accept-language': 'mn-MN,mn;q=0.9' },
        });
        expect(mn.json().error.message).toBe('Үдээс хойш нээгдэнэ');
        // A wrong password still says only "Login failed".
        expect((await login(p.username, 'nope-nope-1', '192.0.2.71')).statusCode).toBe(401);
        expect((await login('admin', 'admin-password-1', '192.0.2.72')).statusCode).toBe(200);
        const shown = (await t.call({ method: 'GET', url: `${U}/maintenance` })).json();
        expect(shown).toMatchObject({
          enabled: true,
          message: 'Back at noon',
          messages: { en: 'Back at noon', mn: 'Үдээс хойш нээгдэнэ' },
        });
      } finally {
        await t.call({
          method: 'PUT',
          url: `${A}/settings`,
          token: t.admin.token,
          payload: { maintenance: { enabled: false } },
        });
      }
    });
  });

  it('the books stay balanced', async () => {
    expect(await t.audit()).toEqual(BALANCED);
  });
});
