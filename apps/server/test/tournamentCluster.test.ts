// A tournament on a site of two processes (one PostgreSQL database, one Redis; two servers in this test
// process with their own NODE_IDs). The process that created the tournament runs its director under the
// lease −tournamentId; everything sent to the other process about it (a registration, an unregistration,
// the administrator's change, bots, the cancellation) is forwarded over the bus to the director's process
// and answered with that process's answer: its refusals with the same code, status and fields. The money
// moves once, in the director's ledger transactions. When no process holds the director (its process
// stopped), the process asked takes it over and answers.
import { TournamentDetailSchema, type TournamentDetail } from '@tenger/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../src/ledger/accounts.js';
import { startSite, type Site, type SiteNode } from '../src/testing/siteNodes.js';
import { BALANCED, TEST_ADMIN } from '../src/testing/testServer.js';
import { BUY_IN, FEE, SIT_AND_GO } from './tournamentFixtures.js';

const REDIS = process.env.TEST_REDIS_URL;
const POSTGRES = process.env.TEST_DATABASE_URL;
const U = '/api/v1/user';
const A = '/api/v1/admin';
const FUNDS = 50_000;
/** Nine places: the few entrants of these tests never fill it (nothing starts). */
const OPEN_SIT_AND_GO = { ...SIT_AND_GO, name: 'Relay SNG', maxEntrants: 9 };

describe.skipIf(!REDIS || !POSTGRES)(
  'a tournament on two processes, reached through either (PostgreSQL + Redis)',
  () => {
    let site: Site;
    let a: SiteNode;
    let b: SiteNode;
    let admin: string;

    beforeAll(async () => {
      site = await startSite(POSTGRES!, REDIS!, ['node-a', 'node-b']);
      [a, b] = site.nodes as [SiteNode, SiteNode];
      admin = (await a.server.services.auth.login(TEST_ADMIN, 'test')).accessToken;
    });

    afterAll(() => site?.close());

    afterEach(async () => expect(await b.server.services.ledger.audit()).toEqual(BALANCED));

    /** A new player with FUNDS on their balance. */
    async function player(): Promise<{ id: number; token: string }> {
      const { id, token } = await site.player();
      const deposit = await a.call({
        method: 'POST',
        url: `${A}/deposit`,
        token: admin,
        payload: { userId: id, amount: FUNDS },
      });
      expect(deposit.statusCode).toBeLessThan(300);
      return { id, token };
    }

    // Read through B: the one database, whichever process stopped.
    const available = (id: number) => b.server.services.ledger.balanceOf(Accounts.available(id));
    const pool = (id: number) => b.server.services.ledger.balanceOf(Accounts.tournamentPool(id));
    const detail = async (node: SiteNode, id: number, token?: string): Promise<TournamentDetail> => {
      const res = await node.call({ method: 'GET', url: `${U}/tournaments/${id}`, token });
      expect(res.statusCode).toBe(200);
      return TournamentDetailSchema.parse(res.json());
    };
    const register = (node: SiteNode, id: number, token: string, method: 'POST' | 'DELETE' = 'POST') =>
      node.call({ method, url: `${U}/tournaments/${id}/register`, token });
    const asAdmin = (
      node: SiteNode,
      method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
    ) => node.call({ method, url: `${A}${url}`, token: admin, payload });
    /** Creates the tournament through A: A runs its director. */
    async function created(): Promise<number> {
      const res = await asAdmin(a, 'POST', '/tournament', OPEN_SIT_AND_GO);
      expect(res.statusCode).toBe(201);
      const id = TournamentDetailSchema.parse(res.json()).tournamentId;
      expect(a.server.services.tournaments.directorOf(id)).not.toBeNull();
      expect(b.server.services.tournaments.directorOf(id)).toBeNull();
      return id;
    }

    it('a player registers and unregisters through the process that does not run the director, and an administrator cancels through it: the money moves once each way, the books are zero', async () => {
      const id = await created();
      const p = await player();

      const entered = await register(b, id, p.token);
      expect(entered.statusCode, entered.body).toBe(200);
      expect(await available(p.id)).toBe(FUNDS - BUY_IN - FEE);
      expect(await pool(id)).toBe(BUY_IN);
      // The director (on A) has the entry; both lobbies show it.
      expect(
        a.server.services.tournaments
          .directorOf(id)!
          .players()
          .map((e) => e.userId),
      ).toEqual([p.id]);
      expect((await detail(b, id, p.token)).registered).toBe(true);
      expect((await detail(a, id, p.token)).entrants).toBe(1);

      // The same request again (a retry): the director's refusal, in the one error shape; nothing moves.
      const again = await register(b, id, p.token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: { code: 'already_registered', message: 'You are already registered in this tournament' },
      });
      expect(await available(p.id)).toBe(FUNDS - BUY_IN - FEE);

      const left = await register(b, id, p.token, 'DELETE');
      expect(left.statusCode, left.body).toBe(200);
      expect(await available(p.id)).toBe(FUNDS);
      expect(await pool(id)).toBe(0);
      const notIn = await register(b, id, p.token, 'DELETE');
      expect(notIn.statusCode).toBe(409);
      expect(notIn.json().error.code).toBe('not_registered');

      // Entered again (a new entry, its own key), then the administrator cancels through B: refunded.
      expect((await register(b, id, p.token)).statusCode).toBe(200);
      expect(await available(p.id)).toBe(FUNDS - BUY_IN - FEE);
      const cancelled = await asAdmin(b, 'DELETE', `/tournament?tournamentId=${id}`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().message).toMatch(/before the money: 1 entrants got their buy-in and fee back/);
      expect(await available(p.id)).toBe(FUNDS);
      expect(await pool(id)).toBe(0);
      expect((await detail(a, id)).status).toBe('cancelled');
      expect((await detail(b, id)).status).toBe('cancelled');
      expect(a.server.services.tournaments.directorOf(id)).toBeNull();
      const twice = await asAdmin(b, 'DELETE', `/tournament?tournamentId=${id}`);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.code).toBe('tournament_closed');
    });

    it('the same player registering through both processes at once enters once', async () => {
      const id = await created();
      const p = await player();
      const answers = await Promise.all([register(a, id, p.token), register(b, id, p.token)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().error.code).toBe('already_registered');
      expect(await available(p.id)).toBe(FUNDS - BUY_IN - FEE);
      expect(await pool(id)).toBe(BUY_IN);
      expect((await asAdmin(b, 'DELETE', `/tournament?tournamentId=${id}`)).statusCode).toBe(200);
      expect(await available(p.id)).toBe(FUNDS);
    });

    it("an administrator's change and bots through the other process reach the director; a refused change keeps its fields", async () => {
      const id = await created();
      const p = await player();
      expect((await register(b, id, p.token)).statusCode).toBe(200);

      const renamed = await asAdmin(b, 'PATCH', `/tournament?tournamentId=${id}`, {
        name: 'Relay SNG renamed',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(TournamentDetailSchema.parse(renamed.json()).name).toBe('Relay SNG renamed');
      expect((await detail(a, id)).name).toBe('Relay SNG renamed');
      expect(a.server.services.tournaments.directorOf(id)).not.toBeNull();

      const refused = await asAdmin(b, 'PATCH', `/tournament?tournamentId=${id}`, { buyIn: BUY_IN * 2 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('conflict');
      const tooSmall = await asAdmin(b, 'PATCH', `/tournament?tournamentId=${id}`, { maxEntrants: 1 });
      expect(tooSmall.statusCode).toBe(400);
      expect(tooSmall.json().error.code).toBe('validation_failed');
      expect(tooSmall.json().error.fields).toHaveProperty('maxEntrants');

      const bots = await asAdmin(b, 'PUT', `/tournament/simulate?tournamentId=${id}&bots=3`);
      expect(bots.statusCode, bots.body).toBe(200);
      expect(bots.json().bots).toBe(3);
      expect((await detail(b, id)).entrants).toBe(4);
      const gone = await asAdmin(b, 'DELETE', `/tournament/simulate?tournamentId=${id}`);
      expect(gone.statusCode).toBe(200);
      expect(gone.json().bots).toBe(3);
      expect((await detail(b, id)).entrants).toBe(1);

      expect((await asAdmin(b, 'DELETE', `/tournament?tournamentId=${id}`)).statusCode).toBe(200);
      expect(await available(p.id)).toBe(FUNDS);
      expect(await pool(id)).toBe(0);
    });

    it("a time-out taken through the other process refunds the registration the director's process holds", async () => {
      const id = await created();
      const p = await player();
      expect((await register(a, id, p.token)).statusCode).toBe(200);
      expect(await available(p.id)).toBe(FUNDS - BUY_IN - FEE);
      const res = await b.call({
        method: 'POST',
        url: `${U}/exclusion`,
        token: p.token,
        payload: { kind: 'timeout', period: '7d', password: 'player-password' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await available(p.id)).toBe(FUNDS);
      expect(a.server.services.tournaments.directorOf(id)!.players()).toEqual([]);
      expect((await asAdmin(b, 'DELETE', `/tournament?tournamentId=${id}`)).statusCode).toBe(200);
    });

    it('an unknown tournament is 404 through either process', async () => {
      const res = await register(b, 999_999, (await player()).token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    });

    it("a running tournament's late registration, rebuys and add-on read the same through the process that does not run the director", async () => {
      const [p, q, late] = [await player(), await player(), await player()];
      const startsAt = Date.now() + 1_500;
      const res = await asAdmin(a, 'POST', '/tournament', {
        ...SIT_AND_GO,
        name: 'Relay late registration',
        kind: 'mtt',
        startsAt: new Date(startsAt).toISOString(),
        maxEntrants: 9,
        structure: undefined,
        levels: [1, 2, 3, 4].map((level) => ({
          level,
          smallBlind: 10 * level,
          bigBlind: 20 * level,
          ante: 0,
          seconds: 600,
          isBreak: false,
        })),
        lateRegLevels: 2,
        maxEntries: 2,
        rebuyLevels: 1,
        maxRebuys: 2,
        addOn: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = TournamentDetailSchema.parse(res.json()).tournamentId;
      for (const who of [p, q]) {
        const entered = await register(b, id, who.token);
        expect(entered.statusCode, entered.body).toBe(200);
      }
      const director = a.server.services.tournaments.directorOf(id)!;
      while (director.state !== 'running') {
        expect(Date.now() - startsAt, 'the tournament starts').toBeLessThan(15_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await director.idle();
      expect(b.server.services.tournaments.directorOf(id)).toBeNull();

      const windows = (d: TournamentDetail) => ({
        status: d.status,
        level: d.level,
        lateRegistrationOpen: d.lateRegistrationOpen,
        rebuysOpen: d.rebuysOpen,
        addOnOpen: d.addOnOpen,
      });
      const open = {
        status: 'running',
        level: 1,
        lateRegistrationOpen: true,
        rebuysOpen: true,
        addOnOpen: false,
      };
      expect(windows(await detail(a, id))).toEqual(open);
      // B answers from what the director saved, not "closed" from a copy of its own.
      expect(windows(await detail(b, id, p.token))).toEqual(open);

      // A late entry through B is taken by the director; cancelled, everyone gets every buy-in back.
      const entered = await register(b, id, late.token);
      expect(entered.statusCode, entered.body).toBe(200);
      expect((await detail(b, id)).entrants).toBe(3);
      expect((await asAdmin(b, 'DELETE', `/tournament?tournamentId=${id}`)).statusCode).toBe(200);
      for (const who of [p, q, late]) expect(await available(who.id)).toBe(FUNDS);
      expect(windows(await detail(b, id))).toMatchObject({
        status: 'cancelled',
        lateRegistrationOpen: false,
        rebuysOpen: false,
      });
    });

    // Last: it stops process A.
    it('the process running the director stops: the process asked takes the director over and answers', async () => {
      const id = await created();
      const p = await player();
      expect((await register(a, id, p.token)).statusCode).toBe(200);
      // A graceful stop lets its leases go at once; nobody holds the director.
      await a.stop();
      const left = await register(b, id, p.token, 'DELETE');
      expect(left.statusCode, left.body).toBe(200);
      expect(b.server.services.tournaments.directorOf(id)).not.toBeNull();
      expect(await available(p.id)).toBe(FUNDS);
      expect((await asAdmin(b, 'DELETE', `/tournament?tournamentId=${id}`)).statusCode).toBe(200);
      expect(await pool(id)).toBe(0);
    });
  },
);
