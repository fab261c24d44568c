import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { listAudit } from '../src/audit/auditLog.js';
import { loadConfig, ConfigError } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { routesOf } from '../src/http/routeCatalog.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, TEST_ADMIN, type TestServer } from '../src/testing/testServer.js';

const U = '/api/v1/user';
const A = '/api/v1/admin';
/** The environment administrator's secret (ADMIN_TOTP_SECRET). */
const ENV_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const STEP_SECONDS = 30;

/** The authenticator's code `steps` time steps from now (the server accepts one step either way). */
function codeAt(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * STEP_SECONDS });
}

/** A six-digit code that is none of the codes the server could accept now. */
async function wrongCode(secret: string): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((steps) => codeAt(secret, steps))));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}

describe.each(TEST_DRIVERS)('the administrators second factor on $name', ({ url }) => {
  let t: TestServer;
  let counter = 0;
  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      config: { adminTotp: { required: true, secret: ENV_SECRET } },
    });
  });
  afterAll(async () => {
    expect(await t.audit()).toEqual(BALANCED);
    await t.close();
  });

  const login = (username: string, password: string) =>
    t.call({ method: 'POST', url: `${U}/login`, payload: { username, password } });
  const verify = (token: string, code: string) =>
    t.call({ method: 'POST', url: `${U}/second-factor/verify`, token, payload: { code } });
  const searchUsers = (token: string) => t.call({ method: 'GET', url: `${A}/user/search`, token });

  /** A player promoted to administrator (straight in the database: the grant itself is not under test). */
  async function newAdmin(): Promise<{ id: number; username: string; token: string }> {
    const player = await t.player(0, `admin2fa_${++counter}_${Math.random().toString(36).slice(2, 6)}`);
    await t.services.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, player.id));
    const res = await login(player.username, 'player-password');
    expect(res.statusCode).toBe(200);
    return { id: player.id, username: player.username, token: res.json().accessToken };
  }

  /** A new administrator who enrolled an authenticator; the session that enrolled has passed. */
  async function enrolledAdmin() {
    const admin = await newAdmin();
    const start = await t.call({ method: 'POST', url: `${U}/second-factor/enrolment`, token: admin.token });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json();
    const confirm = await t.call({
      method: 'POST',
      url: `${U}/second-factor/enrolment/confirm`,
      token: admin.token,
      payload: { code: await codeAt(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    return { ...admin, secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
  }

  it('an administrator session without the second factor gets 403 second_factor_required on every admin route', async () => {
    const adminRoutes = routesOf(t.app).filter((r) => r.url.startsWith(A) && r.method !== 'HEAD');
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const route of adminRoutes) {
      const res = await t.call({
        method: route.method as 'GET',
        url: route.url.replace(/:[A-Za-z]+/g, '1'),
        token: t.admin.token,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
      expect(res.json().error.code).toBe('second_factor_required');
    }
  });

  it('the administrator made from the environment logs in with ADMIN_TOTP_SECRET enrolled, asked to verify', async () => {
    const res = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().secondFactor).toBe('verify');
    const status = await t.call({ method: 'GET', url: `${U}/second-factor`, token: res.json().accessToken });
    expect(status.json()).toEqual({ required: true, enrolled: true, passed: false, step: 'verify' });
  });

  it('the correct code generated from the secret unlocks the admin API for that session only, and a reused code is refused', async () => {
    const other = (await login(TEST_ADMIN.username, TEST_ADMIN.password)).json().accessToken as string;
    const code = await codeAt(ENV_SECRET);
    const passed = await verify(t.admin.token, code);
    expect(passed.statusCode).toBe(200);
    expect((await searchUsers(t.admin.token)).statusCode).toBe(200);
    // The other session has not passed; the same code, inside its window, does not let it through.
    expect((await searchUsers(other)).json().error.code).toBe('second_factor_required');
    const reused = await verify(other, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('second_factor_wrong');
    expect((await searchUsers(other)).statusCode).toBe(403);
  });

  it('a wrong code is refused with second_factor_wrong and the session stays locked', async () => {
    const admin = await enrolledAdmin();
    const fresh = (await login(admin.username, 'player-password')).json().accessToken as string;
    const res = await verify(fresh, await wrongCode(admin.secret));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'second_factor_wrong',
      fields: { code: expect.any(String) },
    });
    expect((await searchUsers(fresh)).json().error.code).toBe('second_factor_required');
  });

  it('bad input to the code routes gets 400 and changes nothing', async () => {
    for (const payload of [
      {},
      { code: '' },
      { code: 'x'.repeat(40) },
      { code: 123456 },
      { code: null },
      [1, 2],
    ]) {
      const res = await t.call({
        method: 'POST',
        url: `${U}/second-factor/verify`,
        token: t.admin.token,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it('wrong codes are counted like wrong passwords: after ten in an hour even the right code is refused with 429, and the lockout is audited', async () => {
    const admin = await enrolledAdmin();
    const fresh = (await login(admin.username, 'player-password')).json().accessToken as string;
    const wrong = await wrongCode(admin.secret);
    for (let i = 0; i < 10; i++) expect((await verify(fresh, wrong)).statusCode).toBe(400);
    const right = await verify(fresh, await codeAt(admin.secret, 1));
    expect(right.statusCode).toBe(429);
    expect(right.json().error.code).toBe('rate_limited');
    expect((await searchUsers(fresh)).statusCode).toBe(403);
    const rows = await listAudit(t.services.db, {
      limit: 50,
      action: 'security.lockout',
      target: String(admin.id),
    });
    expect(rows.map((r) => r.summary)).toEqual([expect.stringContaining('wrong second-factor codes')]);
  });

  it('a freshly granted administrator enrols at the first login: a secret and otpauth URI, the first code confirms, ten recovery codes once', async () => {
    const admin = await newAdmin();
    const relogin = await login(admin.username, 'player-password');
    expect(relogin.json().secondFactor).toBe('enrol');
    expect((await searchUsers(admin.token)).json().error.code).toBe('second_factor_enrolment_required');
    const start = await t.call({ method: 'POST', url: `${U}/second-factor/enrolment`, token: admin.token });
    const { secret, otpauthUri } = start.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain('issuer=Tenger');
    const wrong = await t.call({
      method: 'POST',
      url: `${U}/second-factor/enrolment/confirm`,
      token: admin.token,
      payload: { code: await wrongCode(secret) },
    });
    expect(wrong.json().error.code).toBe('second_factor_wrong');
    const confirm = await t.call({
      method: 'POST',
      url: `${U}/second-factor/enrolment/confirm`,
      token: admin.token,
      payload: { code: await codeAt(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect((await searchUsers(admin.token)).statusCode).toBe(200);
    // Enrolled: nobody can enrol over it (a stolen password cannot replace the device) nor see the codes again.
    for (const path of ['enrolment', 'enrolment/confirm']) {
      const again = await t.call({
        method: 'POST',
        url: `${U}/second-factor/${path}`,
        token: admin.token,
        payload: { code: await codeAt(secret, 1) },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('second_factor_enrolled');
    }
    expect((await login(admin.username, 'player-password')).json().secondFactor).toBe('verify');
    const rows = await listAudit(t.services.db, {
      limit: 5,
      action: 'security.second_factor_enrol',
      target: String(admin.id),
    });
    expect(rows).toHaveLength(1);
  });

  it('a recovery code works once', async () => {
    const admin = await enrolledAdmin();
    const first = (await login(admin.username, 'player-password')).json().accessToken as string;
    const second = (await login(admin.username, 'player-password')).json().accessToken as string;
    const code = admin.recoveryCodes[3];
    // Typed in lower case with spaces: still the same code.
    const used = await verify(first, ` ${code.toLowerCase().replace('-', ' ')} `);
    expect(used.statusCode).toBe(200);
    expect((await searchUsers(first)).statusCode).toBe(200);
    const again = await verify(second, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('second_factor_wrong');
    expect((await verify(second, admin.recoveryCodes[4])).statusCode).toBe(200);
    const rows = await listAudit(t.services.db, {
      limit: 5,
      action: 'security.recovery_code_used',
      target: String(admin.id),
    });
    expect(rows.map((r) => r.summary)).toEqual([
      expect.stringContaining('8 left'),
      expect.stringContaining('9 left'),
    ]);
  });

  it('one administrator cannot reset their own second factor', async () => {
    const admin = await enrolledAdmin();
    const res = await t.call({
      method: 'POST',
      url: `${A}/user/second-factor/reset?userId=${admin.id}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('second_factor_own_reset');
    expect((await searchUsers(admin.token)).statusCode).toBe(200);
    expect((await login(admin.username, 'player-password')).json().secondFactor).toBe('verify');
  });

  it('another administrator resets a lost second factor: audited, every session of the owner ends, and the owner enrols again', async () => {
    const owner = await enrolledAdmin();
    const helper = await enrolledAdmin();
    const res = await t.call({
      method: 'POST',
      url: `${A}/user/second-factor/reset?userId=${owner.id}`,
      token: helper.token,
    });
    expect(res.statusCode).toBe(200);
    expect((await searchUsers(owner.token)).statusCode).toBe(401);
    const relogin = await login(owner.username, 'player-password');
    expect(relogin.json().secondFactor).toBe('enrol');
    // The old recovery codes died with the factor.
    const old = await verify(relogin.json().accessToken, owner.recoveryCodes[0]);
    expect(old.json().error.code).toBe('second_factor_enrolment_required');
    const [row] = await listAudit(t.services.db, {
      limit: 5,
      action: 'security.second_factor_reset',
      target: String(owner.id),
    });
    expect(row).toMatchObject({
      actorId: helper.id,
      targetType: 'user',
      summary: expect.stringContaining('reset'),
    });
    const missing = await t.call({
      method: 'POST',
      url: `${A}/user/second-factor/reset?userId=999999`,
      token: helper.token,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('a player is never asked for a second factor and cannot use the admin routes', async () => {
    const player = await t.player(0);
    const res = await login(player.username, 'player-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('secondFactor');
    const token = res.json().accessToken as string;
    const status = await t.call({ method: 'GET', url: `${U}/second-factor`, token });
    expect(status.json()).toEqual({ required: false, enrolled: false, passed: false });
    expect((await t.call({ method: 'GET', url: `${U}/me`, token })).statusCode).toBe(200);
    for (const path of ['enrolment', 'verify']) {
      const refused = await t.call({
        method: 'POST',
        url: `${U}/second-factor/${path}`,
        token,
        payload: { code: '123456' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('forbidden');
    }
    expect((await searchUsers(token)).json().error.code).toBe('forbidden');
  });
});

describe('the second factor switch', () => {
  it('is off by default for local runs, on in production, and cannot be turned off there', () => {
    expect(loadConfig({}).adminTotp).toEqual({ required: false, secret: undefined });
    expect(loadConfig({ ADMIN_TOTP_REQUIRED: 'true' }).adminTotp.required).toBe(true);
    const production = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://tenger.mn' };
    expect(loadConfig(production).adminTotp.required).toBe(true);
    expect(() => loadConfig({ ...production, ADMIN_TOTP_REQUIRED: 'false' })).toThrow(/ADMIN_TOTP_REQUIRED/);
    expect(() => loadConfig({ ADMIN_TOTP_REQUIRED: 'yes' })).toThrow(ConfigError);
  });

  it('takes ADMIN_TOTP_SECRET as base32 only', () => {
    expect(loadConfig({ ADMIN_TOTP_SECRET: 'jbsw y3dp ehpk 3pxp' }).adminTotp.secret).toBe(
      'JBSWY3DPEHPK3PXP',
    );
    expect(() => loadConfig({ ADMIN_TOTP_SECRET: 'not-base32-at-all!' })).toThrow(/ADMIN_TOTP_SECRET/);
    expect(() => loadConfig({ ADMIN_TOTP_SECRET: 'JBSWY3DP' })).toThrow(/ADMIN_TOTP_SECRET/);
  });

  it('with the factor not required, an administrator who never enrolled reaches the admin API with the password alone', async () => {
    const t = await startTestServer();
    try {
      expect(
        (await t.call({ method: 'GET', url: `${A}/user/search`, token: t.admin.token })).statusCode,
      ).toBe(200);
      const login = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      });
      expect(login.json()).not.toHaveProperty('secondFactor');
    } finally {
      await t.close();
    }
  });
});
