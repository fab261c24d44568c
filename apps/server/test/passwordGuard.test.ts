import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../src/audit/auditLog.js';
import { DEFAULT_PASSWORD_GUARD } from '../src/config.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import {
  BALANCED,
  TEST_ADMIN,
  startTestServer,
  type TestPlayer,
  type TestServer,
} from '../src/testing/testServer.js';

const U = '/api/v1/user';
const FLOOD = 200;

// The attacks of issue 17 against the real bounds (config.ts DEFAULT_PASSWORD_GUARD): a player who
// floods password checks, and guessers who try to lock an owner out from addresses of their own.
describe.each(TEST_DRIVERS)('password work and guessing on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url, config: { passwordGuard: DEFAULT_PASSWORD_GUARD } });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const login = (username: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: `${U}/login`, payload: { username, password }, remoteAddress: ip });
  const patchMe = (p: TestPlayer, payload: object, ip: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `${U}/me`,
      payload,
      headers: { authorization: `Bearer ${p.token}` },
      remoteAddress: ip,
    });
  const audit = (action: string, target: number) =>
    listAudit(t.services.db, { limit: 200, action, target: String(target) });

  describe('one limiter for password work', () => {
    it('200 concurrent profile changes with the right password: a few run, the rest get 429 with Retry-After, and another user still logs in', async () => {
      const flooder = await t.player();
      const other = await t.player();
      const flood = [...Array(FLOOD)].map((_, i) =>
        patchMe(
          flooder,
          { accountNumber: String(6_000_000_000 + i), currentPassword: 'player-password' },
          '198.51.100.10',
        ),
      );
      const otherLogin = login(other.username, 'player-password', '198.51.100.11');
      const answers = await Promise.all(flood);
      expect((await otherLogin).statusCode).toBe(200);
      const ran = answers.filter((a) => a.statusCode === 200);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(ran.length + refused.length).toBe(FLOOD);
      expect(ran.length).toBeGreaterThan(0);
      expect(ran.length).toBeLessThanOrEqual(DEFAULT_PASSWORD_GUARD.perUserPerMinute);
      for (const answer of refused) {
        expect(answer.json().error.code).toBe('rate_limited');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      expect(t.services.auth.passwordGate.inFlight).toBe(0);
    });

    it('a profile change that changes nothing spends no password check, however often it is sent', async () => {
      const p = await t.player();
      const same = { bank: 'Khan Bank', accountNumber: '5000123456', email: `${p.username}@test.mn` };
      const answers = await Promise.all(
        [...Array(FLOOD)].map(() =>
          patchMe(p, { ...same, currentPassword: 'not-even-checked' }, '198.51.100.12'),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(FLOOD).fill(200));
      expect(await audit('security.wrong_password', p.id)).toHaveLength(0);
      expect(await audit('security.account_change', p.id)).toHaveLength(0);
      // The gate never saw this user.
      expect(
        await t.services.cluster.counters.count(`password-work:user:user:${p.id}`, 60_000, Date.now()),
      ).toBe(0);
    });

    it('a wrong current password on a profile change is audited and counts as a failed login from that address', async () => {
      const p = await t.player();
      const ip = '198.51.100.13';
      for (let i = 0; i < DEFAULT_PASSWORD_GUARD.pairFailuresPerHour; i++) {
        expect(
          (await patchMe(p, { bank: 'Golomt Bank', currentPassword: `guess-${i}` }, ip)).statusCode,
        ).toBe(400);
      }
      const rows = await audit('security.wrong_password', p.id);
      expect(rows).toHaveLength(DEFAULT_PASSWORD_GUARD.pairFailuresPerHour);
      expect(rows[0]).toMatchObject({ actorId: p.id, ip, targetType: 'user' });
      // The address used up its guesses on this account, for logins too; the owner elsewhere did not.
      expect((await login(p.username, 'player-password', ip)).statusCode).toBe(429);
      expect(
        (await patchMe(p, { bank: 'Golomt Bank', currentPassword: 'player-password' }, ip)).statusCode,
      ).toBe(429);
      expect((await login(p.username, 'player-password', '198.51.100.14')).statusCode).toBe(200);
    });

    it('login, registration and reset share one address budget: past its budget for the minute the next password hash gets 429 with Retry-After', async () => {
      const ip = '198.51.100.20';
      const codes: number[] = [];
      for (let i = 0; i < DEFAULT_PASSWORD_GUARD.perAddressPerMinute; i++) {
        const kind = i % 3;
        const res =
          kind === 0
            ? await login(`nobody-${i}`, 'wrong-password', ip)
            : kind === 1
              ? await t.app.inject({
                  method: 'POST',
                  url: `${U}/register`,
                  remoteAddress: ip,
                  payload: {
                    username: `budget${i}_${Date.now() % 100_000}`,
                    email: `budget${i}_${Date.now() % 100_000}@test.mn`,
                    password: 'budget-password',
                    repeatPassword: 'budget-password',
                    acceptTerms: true,
                    bank: 'Khan Bank',
                    accountNumber: '5000123456',
                  },
                })
              : await t.app.inject({
                  method: 'POST',
                  url: `${U}/reset-password`,
                  remoteAddress: ip,
                  payload: { token: 'x'.repeat(43), password: 'budget-password' },
                });
        codes.push(res.statusCode);
      }
      expect(codes.every((c) => c === 401 || c === 201 || c === 400)).toBe(true);
      const refused = await login('nobody-else', 'wrong-password', ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      // Another address is not held up.
      expect((await login('nobody-else', 'wrong-password', '198.51.100.21')).statusCode).toBe(401);
    });
  });

  describe('lockout cannot be aimed at a victim', () => {
    async function attack(username: string, subnet: number): Promise<void> {
      for (let i = 0; i < 100; i++) {
        const res = await login(username, `wrong-${i}`, `203.0.${subnet}.${(i % 4) + 1}`);
        expect([401, 429]).toContain(res.statusCode);
      }
    }

    it('after 100 wrong passwords from four addresses, the victim logs in with the right password from a fifth', async () => {
      const victim = await t.player();
      await attack(victim.username, 113);
      expect((await login(victim.username, 'player-password', '203.0.113.5')).statusCode).toBe(200);
      expect((await login(`${victim.username}@test.mn`, 'player-password', '192.0.2.200')).statusCode).toBe(
        200,
      );
    });

    it('after 100 wrong passwords from four addresses, an administrator logs in with the right password from a fifth', async () => {
      await attack(TEST_ADMIN.username, 114);
      const res = await login(TEST_ADMIN.username, TEST_ADMIN.password, '203.0.114.5');
      expect(res.statusCode).toBe(200);
      expect(res.json().user.role).toBe('ADMIN');
    });

    it('once an account is under attack, an address that failed on it gets no more tries, and a clean address gets its one', async () => {
      const victim = await t.player();
      await attack(victim.username, 115);
      // An attacker's address is refused even with the right password while the slow-down lasts.
      expect((await login(victim.username, 'player-password', '203.0.115.1')).statusCode).toBe(429);
      // A fresh address gets its check; a wrong guess makes it an address that failed.
      expect((await login(victim.username, 'guess-again', '203.0.115.50')).statusCode).toBe(401);
      expect((await login(victim.username, 'player-password', '203.0.115.50')).statusCode).toBe(429);
      // The slow-down and each refused pair are audited, once each.
      const lockouts = await audit('security.lockout', victim.id);
      expect(lockouts.some((row) => row.summary.includes('clean ones still do'))).toBe(true);
      expect(lockouts.length).toBeLessThanOrEqual(5);
    });

    it('one address that guesses ten times is refused for that account only', async () => {
      const victim = await t.player();
      const bystander = await t.player();
      const ip = '203.0.116.1';
      for (let i = 0; i < DEFAULT_PASSWORD_GUARD.pairFailuresPerHour; i++) {
        expect((await login(victim.username, `wrong-${i}`, ip)).statusCode).toBe(401);
      }
      expect((await login(victim.username, 'player-password', ip)).statusCode).toBe(429);
      expect((await login(bystander.username, 'player-password', ip)).statusCode).toBe(200);
      expect((await login(victim.username, 'player-password', '203.0.116.2')).statusCode).toBe(200);
    });
  });
});
