import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AuthResponseSchema, MeSchema, TablesResponseSchema, WithdrawalSchema } from '@tenger/protocol';
import { users } from '../src/db/schema.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../src/testing/testServer.js';

const U = '/api/v1/user';

describe.each(TEST_DRIVERS)('user API on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const registration = (name: string) => ({
    email: `${name}@example.mn`,
    username: name,
    password: 'secret-pass-1',
    repeatPassword: 'secret-pass-1',
    acceptTerms: true,
    bank: 'Khan Bank',
    accountNumber: '5000 1234 56',
  });

  describe('register and login', () => {
    it('registers a player and returns a token that opens GET /me', async () => {
      const res = await t.call({ method: 'POST', url: `${U}/register`, payload: registration('temuujin') });
      expect(res.statusCode).toBe(201);
      const body = AuthResponseSchema.parse(res.json());
      expect(body.user).toMatchObject({
        username: 'temuujin',
        role: 'PLAYER',
        isAdmin: false,
        balance: 0,
        locked: 0,
      });
      const me = await t.call({ method: 'GET', url: `${U}/me`, token: body.accessToken });
      expect(me.statusCode).toBe(200);
      expect(MeSchema.parse(me.json()).username).toBe('temuujin');
      expect(JSON.stringify(me.json())).not.toMatch(/password|scrypt/i);
    });

    it('registration needs 18+ and the terms confirmed, and keeps when they were', async () => {
      const before = Date.now();
      for (const acceptTerms of [undefined, false, 'true']) {
        const refused = await t.call({
          method: 'POST',
          url: `${U}/register`,
          payload: { ...registration('terms_ok'), acceptTerms },
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error.fields.acceptTerms).toBe(
          'Confirm that you are 18 or older and accept the terms',
        );
      }
      const res = await t.call({ method: 'POST', url: `${U}/register`, payload: registration('terms_ok') });
      expect(res.statusCode).toBe(201);
      const [row] = await t.database.db
        .select({ at: users.termsAcceptedAt })
        .from(users)
        .where(eq(users.username, 'terms_ok'));
      expect(row.at!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(row.at!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    });

    it('refuses a duplicate username or email with 409 and the reason', async () => {
      await t.call({ method: 'POST', url: `${U}/register`, payload: registration('saraa') });
      const sameName = await t.call({
        method: 'POST',
        url: `${U}/register`,
        payload: { ...registration('SARAA'), email: 'other@example.mn' },
      });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().error).toMatchObject({
        code: 'username_taken',
        message: 'Username is already taken',
      });
      const sameEmail = await t.call({
        method: 'POST',
        url: `${U}/register`,
        payload: { ...registration('saraa2'), email: 'Saraa@example.mn' },
      });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().error).toMatchObject({
        code: 'email_taken',
        message: 'Email is already registered',
      });
    });

    it('refuses bad registration input with 400 and field messages', async () => {
      const res = await t.call({
        method: 'POST',
        url: `${U}/register`,
        payload: { ...registration('bold'), repeatPassword: 'different', bank: 'Nowhere Bank' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.repeatPassword).toBe('Passwords do not match');
      const unknownBank = await t.call({
        method: 'POST',
        url: `${U}/register`,
        payload: { ...registration('bold'), bank: 'Nowhere Bank' },
      });
      expect(unknownBank.statusCode).toBe(400);
      expect(unknownBank.json().error.fields.bank).toBeDefined();
    });

    it('logs in by username or email and says "Login failed" otherwise', async () => {
      await t.call({ method: 'POST', url: `${U}/register`, payload: registration('naraa') });
      const ok = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: 'naraa', password: 'secret-pass-1' },
      });
      expect(ok.statusCode).toBe(200);
      const byEmail = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: 'naraa@example.mn', password: 'secret-pass-1' },
      });
      expect(byEmail.statusCode).toBe(200);
      const wrong = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: 'naraa', password: 'nope-nope' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: { code: 'login_failed', message: 'Login failed' } });
      const nobody = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: 'ghost', password: 'whatever1' },
      });
      expect(nobody.statusCode).toBe(401);
    });

    it('logout revokes the token', async () => {
      const p = await t.player();
      expect((await t.call({ method: 'POST', url: `${U}/logout`, token: p.token })).statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(401);
    });
  });

  describe('garbage never becomes a 500', () => {
    const bodies: Array<[string, unknown, string?]> = [
      ['not JSON', '{"username": ', 'application/json'],
      ['an array', [1, 2, 3]],
      ['wrong types', { username: 5, password: { a: 1 } }],
      ['null', 'null', 'application/json'],
      ['text', 'hello', 'text/plain'],
      ['a huge string', { username: 'x'.repeat(100_000), password: 'y' }],
    ];
    it.each(bodies)('POST /login with %s gets a 4xx error in the one shape', async (_name, payload, type) => {
      const res = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: payload as string,
        headers: type ? { 'content-type': type } : undefined,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });
  });

  describe('signed-in routes', () => {
    const routes: Array<['GET' | 'POST' | 'PATCH', string, object?]> = [
      ['GET', '/me'],
      ['PATCH', '/me', { bank: 'Golomt Bank' }],
      ['GET', '/search?q=a'],
      ['GET', '/deposit'],
      ['GET', '/withdrawal'],
      ['GET', '/withdrawal/limits'],
      ['POST', '/withdrawal', { amount: 1000 }],
      ['GET', '/outcome'],
    ];
    it.each(routes)(
      '%s %s: anonymous 401, a revoked token 401, changing nothing',
      async (method, path, payload) => {
        const p = await t.player(5_000);
        await t.call({ method: 'POST', url: `${U}/logout`, token: p.token });
        for (const token of [undefined, p.token, 'x'.repeat(500)]) {
          const res = await t.call({ method, url: `${U}${path}`, payload, token });
          expect(res.statusCode).toBe(401);
          expect(res.json().error.code).toBe('unauthorized');
        }
        expect(await t.services.ledger.balancesOf(p.id)).toMatchObject({ available: 5_000, locked: 0 });
      },
    );

    it.each(['/deposit?page=abc', '/withdrawal?pageSize=0', '/outcome?page=-1', '/outcome?pageSize=101'])(
      'GET %s is a 400',
      async (path) => {
        const p = await t.player();
        expect((await t.call({ method: 'GET', url: `${U}${path}`, token: p.token })).statusCode).toBe(400);
      },
    );

    it('an administrator may use the user API too', async () => {
      const res = await t.call({ method: 'GET', url: `${U}/me`, token: t.admin.token });
      expect(res.json()).toMatchObject({ role: 'ADMIN', isAdmin: true });
    });
  });

  describe('GET /me and PATCH /me', () => {
    it('anonymous and bad tokens get 401', async () => {
      expect((await t.call({ method: 'GET', url: `${U}/me` })).statusCode).toBe(401);
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: 'forged' })).statusCode).toBe(401);
    });

    it('shows available balance and locked amounts', async () => {
      const p = await t.player(50_000);
      const res = await t.call({ method: 'GET', url: `${U}/me`, token: p.token });
      expect(res.json()).toMatchObject({ balance: 50_000, locked: 0, userId: p.id });
    });

    it('changes bank details and preferences; a new password needs the current one', async () => {
      const p = await t.player();
      const res = await t.call({
        method: 'PATCH',
        url: `${U}/me`,
        token: p.token,
        payload: {
          bank: 'Golomt Bank',
          currentPassword: 'player-password',
          preferences: { darkTheme: true, language: 'mn' },
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        bank: 'Golomt Bank',
        preferences: { darkTheme: true, language: 'mn' },
      });
      const noCurrent = await t.call({
        method: 'PATCH',
        url: `${U}/me`,
        token: p.token,
        payload: { newPassword: 'brand-new-1' },
      });
      expect(noCurrent.statusCode).toBe(400);
      const wrongCurrent = await t.call({
        method: 'PATCH',
        url: `${U}/me`,
        token: p.token,
        payload: { newPassword: 'brand-new-1', currentPassword: 'wrong-one' },
      });
      expect(wrongCurrent.statusCode).toBe(400);
      expect(wrongCurrent.json().error.code).toBe('wrong_password');
      expect(wrongCurrent.json().error.fields.currentPassword).toBeDefined();
      const ok = await t.call({
        method: 'PATCH',
        url: `${U}/me`,
        token: p.token,
        payload: { newPassword: 'brand-new-1', currentPassword: 'player-password' },
      });
      expect(ok.statusCode).toBe(200);
      const login = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: p.username, password: 'brand-new-1' },
      });
      expect(login.statusCode).toBe(200);
    });

    it('GET /search finds players by the start of the name, for signed-in users only', async () => {
      const p = await t.player(0, 'zolbayar');
      expect((await t.call({ method: 'GET', url: `${U}/search?q=zol` })).statusCode).toBe(401);
      const res = await t.call({ method: 'GET', url: `${U}/search?q=zol`, token: p.token });
      expect(res.json().items).toEqual([{ userId: p.id, username: 'zolbayar' }]);
    });
  });

  describe('lobby reads', () => {
    it("GET /tables lists the seeded Hold'em and Omaha tables", async () => {
      const res = await t.call({ method: 'GET', url: `${U}/tables` });
      const tables = TablesResponseSchema.parse(res.json());
      expect(tables.length).toBeGreaterThanOrEqual(6);
      expect(new Set(tables.map((x) => x.variant))).toEqual(new Set(['holdem', 'omaha']));
      for (const table of tables) {
        expect(table.buyIn.min).toBeGreaterThanOrEqual(40 * table.blinds.big);
        expect(table.buyIn.max).toBeLessThanOrEqual(100 * table.blinds.big);
      }
    });

    it('GET /maintenance, /jackpot and /banks answer anyone', async () => {
      expect((await t.call({ method: 'GET', url: `${U}/maintenance` })).json()).toMatchObject({
        enabled: false,
      });
      expect((await t.call({ method: 'GET', url: `${U}/jackpot` })).json()).toEqual({ amount: 0 });
      expect((await t.call({ method: 'GET', url: `${U}/banks` })).json().banks).toContain('Khan Bank');
    });

    it('GET /block/{name} returns the contest teaser in both languages, 404 for unknown, 400 for bad names', async () => {
      const res = await t.call({ method: 'GET', url: `${U}/block/contest-teaser` });
      expect(res.statusCode).toBe(200);
      expect(res.json().block.en).toContain('10 million');
      expect(res.json().block.mn).toContain('10 сая');
      expect((await t.call({ method: 'GET', url: `${U}/block/nope` })).statusCode).toBe(404);
      expect((await t.call({ method: 'GET', url: `${U}/block/BAD%20NAME` })).statusCode).toBe(400);
    });
  });

  describe('withdrawals', () => {
    it('moves the amount from balance to locked and lists it as pending', async () => {
      const p = await t.player(10_000);
      const res = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount: 4_000 },
      });
      expect(res.statusCode).toBe(201);
      expect(WithdrawalSchema.parse(res.json())).toMatchObject({
        amount: 4_000,
        status: 'pending',
        approvedBy: null,
      });
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).json()).toMatchObject({
        balance: 6_000,
        locked: 4_000,
      });
      const list = await t.call({ method: 'GET', url: `${U}/withdrawal`, token: p.token });
      expect(list.json()).toMatchObject({ total: 1, items: [{ amount: 4_000, status: 'pending' }] });
    });

    it.each([
      [{}, 'Please enter amount!'],
      [{ amount: 500 }, 'Amount must be between 1000 and 10000'],
      [{ amount: 1.5 }, 'Amount must be between 1000 and 10000'],
      [{ amount: -5000 }, 'Amount must be between 1000 and 10000'],
      [{ amount: '5000' }, 'Amount must be between 1000 and 10000'],
      [{ amount: 1e300 }, 'Amount must be between 1000 and 10000'],
    ])('refuses %j with "%s" and moves nothing', async (payload, message) => {
      const p = await t.player(10_000);
      const res = await t.call({ method: 'POST', url: `${U}/withdrawal`, token: p.token, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).json().balance).toBe(10_000);
    });

    it('more than the balance is a 409 with the limits', async () => {
      const p = await t.player(10_000);
      const res = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount: 10_001 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'insufficient_funds',
        message: 'Amount must be between 1000 and 10000',
      });
    });

    it('the same Idempotency-Key returns the first withdrawal; another body with it is a 409', async () => {
      const p = await t.player(10_000);
      const send = (amount: number) =>
        t.call({
          method: 'POST',
          url: `${U}/withdrawal`,
          token: p.token,
          payload: { amount },
          headers: { 'idempotency-key': 'w-1' },
        });
      const first = await send(2_000);
      const again = await send(2_000);
      expect(again.statusCode).toBe(200);
      expect(again.json().withdrawalId).toBe(first.json().withdrawalId);
      expect((await send(3_000)).statusCode).toBe(409);
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).json().balance).toBe(8_000);
    });

    it('GET /withdrawal/limits tells the form its min and max; anonymous gets 401', async () => {
      const p = await t.player(25_000);
      expect((await t.call({ method: 'GET', url: `${U}/withdrawal/limits`, token: p.token })).json()).toEqual(
        {
          min: 1000,
          max: 25_000,
        },
      );
      expect(
        (await t.call({ method: 'POST', url: `${U}/withdrawal`, payload: { amount: 1000 } })).statusCode,
      ).toBe(401);
    });
  });

  describe('history', () => {
    it("GET /deposit lists the player's deposits only", async () => {
      const p = await t.player();
      await t.call({
        method: 'POST',
        url: '/api/v1/admin/deposit',
        token: t.admin.token,
        payload: { userId: p.id, amount: 7_000 },
      });
      const res = await t.call({ method: 'GET', url: `${U}/deposit`, token: p.token });
      expect(res.json()).toMatchObject({
        total: 1,
        page: 1,
        items: [{ amount: 7_000, code: expect.stringMatching(/^DEP-/) }],
      });
      expect((await t.call({ method: 'GET', url: `${U}/deposit?page=0`, token: p.token })).statusCode).toBe(
        400,
      );
    });

    it('GET /outcome shows buy-ins, hands and leaving as views of the postings', async () => {
      const p = await t.player(100_000);
      const [table] = await t.services.tables.list();
      const { Accounts } = await import('../src/ledger/accounts.js');
      const L = t.services.ledger;
      await L.transfer({
        from: Accounts.available(p.id),
        to: Accounts.seat(p.id, table.id),
        amount: 20_000,
        kind: 'buy_in',
        key: `bi-${p.id}`,
        tableId: table.id,
      });
      const other = await t.player(100_000);
      await L.transfer({
        from: Accounts.available(other.id),
        to: Accounts.seat(other.id, table.id),
        amount: 20_000,
        kind: 'buy_in',
        key: `bi-${other.id}`,
        tableId: table.id,
      });
      await L.post({
        key: `hand-${p.id}`,
        kind: 'gameplay',
        tableId: table.id,
        handId: 'H1',
        movements: [
          { from: Accounts.seat(other.id, table.id), to: Accounts.seat(p.id, table.id), amount: 950 },
          { from: Accounts.seat(other.id, table.id), to: Accounts.houseRake, amount: 50 },
        ],
      });
      await L.transfer({
        from: Accounts.seat(p.id, table.id),
        to: Accounts.available(p.id),
        amount: 20_950,
        kind: 'leave_seat',
        key: `ls-${p.id}`,
        tableId: table.id,
      });
      const res = await t.call({ method: 'GET', url: `${U}/outcome`, token: p.token });
      expect(res.json().items.map((o: { type: string; amount: number }) => [o.type, o.amount])).toEqual([
        ['leave_seat', 20_950],
        ['gameplay', 950],
        ['buy_in', 20_000],
      ]);
      const loser = await t.call({ method: 'GET', url: `${U}/outcome?type=gameplay`, token: other.token });
      expect(loser.json().items).toMatchObject([
        { type: 'gameplay', amount: -1000, handId: 'H1', tableId: table.id },
      ]);
      expect(
        (await t.call({ method: 'GET', url: `${U}/outcome?type=jackpot`, token: p.token })).statusCode,
      ).toBe(400);
    });
  });
});
