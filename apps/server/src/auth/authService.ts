import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { LoginRequest, RegisterRequest, ResetPasswordRequest } from '@tenger/protocol';
import type { Logger } from 'pino';
import { recordAudit, type AuditEntry } from '../audit/auditLog.js';
import { MemoryCounters, type CounterStore } from '../cluster/counterStore.js';
import {
  DEFAULT_PASSWORD_GUARD,
  type PasswordGuardConfig,
  type RateLimitConfig,
  type ScryptParams,
} from '../config.js';
import { queryRows, type Database } from '../db/client.js';
import { accessTokens, passwordResets, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Mailer } from '../mail/mailer.js';
import { withoutSecrets, type UserRecord, type UserRow } from '../users/userRecord.js';
import { FailureLimiter } from './failureLimiter.js';
import { PasswordGate, type PasswordWorker } from './passwordGate.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { SessionEvents, type SessionChange } from './sessionEvents.js';
import { hashToken, newOpaqueToken } from './tokens.js';
import { depositReferenceOf } from '../users/depositReference.js';
import { opsSignals } from '../ops/signals.js';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** How long a verified token is trusted without asking the database (revocations anywhere on the site clear it). */
const SESSION_CACHE_MS = 5_000;
/**
 * After that, for this long a known session is still answered from memory while one query refreshes it
 * in the background: every revocation in this process clears the cache at once, so this only spares a
 * player's table command from waiting behind other database work.
 */
const SESSION_REFRESH_MS = 60_000;
/** Token lookups running against the database at once; more wait their turn in memory. */
const LOOKUPS_AT_ONCE = 4;
const SESSION_CACHE_MAX = 50_000;
/** Drops remembered for the lookups in flight; past this, those lookups treat every session as dropped. */
const DROPS_REMEMBERED = 10_000;
/** How many times a session lookup asks again when a drop for it lands while it asks. */
const LOOKUP_ATTEMPTS = 4;
/** How long an unknown, revoked or expired token is remembered as such (no database query meanwhile). */
const UNKNOWN_TOKEN_CACHE_MS = 5_000;
const UNKNOWN_TOKEN_CACHE_MAX = 20_000;
/** Access tokens are 32 random bytes in base64url (tokens.ts); anything else is refused without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const TOO_MANY = 'Too many attempts. Please try again later.';

export interface AuthServiceOptions {
  scrypt: ScryptParams;
  tokenTtlHours: number;
  rateLimits: RateLimitConfig;
  /** Bounds on password work and guessing; DEFAULT_PASSWORD_GUARD if not given. */
  passwordGuard?: PasswordGuardConfig;
  /** Where links in mails point (PUBLIC_ORIGIN); undefined: the asking request's origin if allowed. */
  publicOrigin?: string;
  /** The origins links in mails may point at when `publicOrigin` is not set; the first is the fallback. */
  allowedOrigins?: readonly string[];
  /** Where background work (the reset mail) reports failures. */
  logger?: Logger;
  /** Where failed passwords are counted (the site's shared counters); in memory if not given. */
  counters?: CounterStore;
}

/** Login refused for everyone but administrators (maintenance), with the message to show. */
export interface AdminsOnly {
  message: string;
}

/** Accounts: registration, login with opaque tokens stored hashed, logout, revocation, password reset. */
export class AuthService {
  private readonly failures: FailureLimiter;
  private readonly guard: PasswordGuardConfig;
  /** Every password hash and check passes here first. */
  readonly passwordGate: PasswordGate;
  /** A hash to verify against when the user does not exist, so timing does not reveal usernames. */
  private dummyHash?: Promise<string>;
  /** token hash -> the user it authenticated and when: spares GET /me and friends one query. */
  private readonly sessions = new Map<string, { user: UserRecord; until: number; expiresAt: number }>();
  /** token hash -> until when it is known to authenticate nobody. */
  private readonly unknownTokens = new Map<string, number>();
  /** token hash -> the database lookup in flight: concurrent checks of one token share one query. */
  private readonly lookups = new Map<string, Promise<UserRecord | null>>();
  private readonly lookupSlots = new Slots(LOOKUPS_AT_ONCE);
  /**
   * Counts the cache's drops; `droppedAt` keeps, per user (`u:<id>`) and per token (`t:<hash>`), the count
   * at its last drop, while lookups are in flight: a lookup that started before a drop of its own token or
   * user must not fill the cache (others are not disturbed by revocations elsewhere on the site).
   */
  private drops = 0;
  private readonly droppedAt = new Map<string, number>();
  /** Lookups that started before this count treat every session as dropped (`droppedAt` overflowed). */
  private dropFloor = 0;
  private lookupsRunning = 0;
  /**
   * Revocations and account changes, heard by every process of the site (sessionEvents.ts): the session
   * cache forgets them and the realtime edges close or re-check their sockets within a second.
   */
  readonly sessionEvents = new SessionEvents();
  /** Reset mails being prepared after forgot-password has answered. */
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly options: AuthServiceOptions,
  ) {
    const counters = options.counters ?? new MemoryCounters();
    this.failures = new FailureLimiter(options.rateLimits.failuresPerHour, counters);
    this.guard = options.passwordGuard ?? DEFAULT_PASSWORD_GUARD;
    this.passwordGate = new PasswordGate(this.guard, counters);
    // Whichever process ended a session, this one's cache must not keep answering for it. The process
    // that made the change dropped it at once; dropping again when its own event comes back would only
    // make the lookups begun since then query twice.
    this.sessionEvents.on((change, fromHere) => {
      if (!fromHere) this.forgetCached(change);
    });
  }

  /** Hashes a password outside any request (the seeded administrator); requests use `hashFor`. */
  hashPassword(password: string): Promise<string> {
    return hashPassword(password, this.options.scrypt);
  }

  /** Hashes a new password for a request, through the password gate. */
  hashFor(worker: PasswordWorker, password: string): Promise<string> {
    return this.passwordGate.run(worker, () => this.hashPassword(password));
  }

  async register(body: RegisterRequest, ip: string): Promise<{ accessToken: string; user: UserRecord }> {
    if (await this.failures.isBlocked(`register-ip:${ip}`)) throw new AppError(429, 'rate_limited', TOO_MANY);
    const duplicate = await this.findDuplicate(body.username, body.email);
    if (duplicate) {
      await this.failures.recordFailure(`register-ip:${ip}`);
      throw duplicate;
    }
    const passwordHash = await this.hashFor({ address: ip }, body.password);
    let row: UserRow;
    try {
      [row] = await this.db
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          passwordHash,
          bank: body.bank,
          accountNumber: body.accountNumber,
          termsAcceptedAt: new Date(),
        })
        .returning();
    } catch (error) {
      // Two registrations raced past the check: the unique index decides.
      throw (await this.findDuplicate(body.username, body.email)) ?? error;
    }
    // The personal deposit reference is drawn at once (node:crypto), so the cashier can find every player by it.
    const depositRef = await depositReferenceOf(this.db, row.id);
    const accessToken = await this.issueToken(row.id);
    return { accessToken, user: withoutSecrets({ ...row, depositRef }) };
  }

  /**
   * Lockout cannot be aimed at a victim (docs/operations.md, "Password guessing"): wrong passwords count
   * per account *and* address, and that pair is refused after `pairFailuresPerHour`. Once the account
   * itself has `accountSlowdownAfter` failures in the hour, every address that failed on it is refused
   * its next try, but an address with no failure still gets its check: the owner at a clean address
   * always signs in. An address with `failuresPerHour` failures over all accounts is refused outright.
   * The username and the email of an account count together (keyed on the user id); an unknown name
   * counts by what was typed. Unknown, bot, blocked and deleted accounts all answer 401 "Login failed"
   * after the same password check, so the answer never confirms a password.
   */
  async login(
    body: LoginRequest,
    ip: string,
    adminsOnly?: AdminsOnly,
  ): Promise<{ accessToken: string; user: UserRecord }> {
    const user = await this.checkLogin(body, ip, adminsOnly);
    return { accessToken: await this.issueToken(user.id), user };
  }

  /**
   * The password check of a login, with every rule of `login`, without starting a session: the login
   * itself, and what an excluded player may still do with their password (withdraw, ask to end it).
   */
  async checkLogin(body: LoginRequest, ip: string, adminsOnly?: AdminsOnly): Promise<UserRecord> {
    const ipKey = `login-ip:${ip}`;
    if (await this.failures.isBlocked(ipKey)) throw new AppError(429, 'rate_limited', TOO_MANY);
    const [row] = await this.db
      .select()
      .from(users)
      .where(
        sql`lower(${users.username}) = lower(${body.username}) OR lower(${users.email}) = lower(${body.username})`,
      )
      .limit(1);
    const accountKey = row ? accountFailureKey(row.id) : `login-name:${body.username.toLowerCase()}`;
    await this.refuseGuessing(accountKey, ip);
    const ok = await this.passwordGate.run({ address: ip, user: pairKey(accountKey, ip) }, async () =>
      row
        ? verifyPassword(body.password, row.passwordHash)
        : verifyPassword(body.password, await this.dummy()),
    );
    if (!row || !ok || row.isBot || row.status !== 'active') {
      await this.recordFailures(ip, accountKey, row ? { id: row.id, username: row.username } : undefined);
      opsSignals.loginFailure.publish({ reason: 'password' });
      throw new AppError(401, 'login_failed', 'Login failed');
    }
    if (adminsOnly && row.role !== 'ADMIN') throw new AppError(503, 'maintenance', adminsOnly.message);
    // Only this address's failures are forgiven: the account's own count keeps slowing the guessers.
    await this.failures.clear(pairKey(accountKey, ip));
    return withoutSecrets(row);
  }

  /**
   * Checks the current password of a signed-in user before a sensitive change, through the password
   * gate. Failures count on the same counters as logins, so a stolen token cannot guess the password
   * faster than a login could, and each one writes a `security.wrong_password` audit row.
   */
  async checkCurrentPassword(
    user: { id: number; username: string; passwordHash: string },
    password: string | undefined,
    ip: string,
  ): Promise<void> {
    const ipKey = `login-ip:${ip}`;
    const accountKey = accountFailureKey(user.id);
    if (await this.failures.isBlocked(ipKey)) throw new AppError(429, 'rate_limited', TOO_MANY);
    await this.refuseGuessing(accountKey, ip);
    const ok =
      !!password &&
      (await this.passwordGate.run({ address: ip, user: `user:${user.id}` }, () =>
        verifyPassword(password, user.passwordHash),
      ));
    if (!ok) {
      await recordAudit(this.db, {
        actorId: user.id,
        actorName: user.username,
        ip,
        action: 'security.wrong_password',
        targetType: 'user',
        targetId: user.id,
        summary: `${user.username}: wrong current password on a profile change`,
        coded: { code: 'security.wrong_password', params: { username: user.username } },
      });
      await this.recordFailures(ip, accountKey, user);
      throw new AppError(400, 'wrong_password', 'Current password is wrong', {
        currentPassword: 'Current password is wrong',
      });
    }
    await this.failures.clear(pairKey(accountKey, ip));
  }

  /** `checkCurrentPassword` for a signed-in user known by id (a sensitive step such as a self-exclusion). */
  async checkPasswordOf(userId: number, password: string, ip: string): Promise<void> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new AppError(401, 'unauthorized', 'Please log in');
    await this.checkCurrentPassword(row, password, ip);
  }

  /** 429 for an account and address that may not guess again now (see `login`). */
  private async refuseGuessing(accountKey: string, ip: string): Promise<void> {
    const fromHere = await this.failures.failuresOf(pairKey(accountKey, ip));
    if (fromHere === 0) return;
    if (
      fromHere >= this.guard.pairFailuresPerHour ||
      (await this.failures.failuresOf(accountKey)) >= this.guard.accountSlowdownAfter
    ) {
      throw new AppError(429, 'rate_limited', TOO_MANY);
    }
  }

  /**
   * Counts a wrong password for the address, the account and the pair. The failure that locks an address
   * or a pair out, or that slows an account down, writes one audit row.
   */
  private async recordFailures(
    ip: string,
    accountKey: string,
    account: { id: number; username: string } | undefined,
  ): Promise<void> {
    const { failuresPerHour } = this.options.rateLimits;
    const { pairFailuresPerHour, accountSlowdownAfter } = this.guard;
    const name = account?.username ?? accountKey;
    const target = account
      ? { targetType: 'user' as const, targetId: account.id }
      : { targetType: '' as const, targetId: ip };
    // Exactly one failure reaches each limit, on whichever process it landed.
    const [addressLocked, pairLocked, accountSlowed] = await Promise.all([
      this.failures.recordFailure(`login-ip:${ip}`, failuresPerHour),
      this.failures.recordFailure(pairKey(accountKey, ip), pairFailuresPerHour),
      this.failures.recordFailure(accountKey, accountSlowdownAfter),
    ]);
    for (const [scope, locked] of Object.entries({
      address: addressLocked,
      pair: pairLocked,
      account: accountSlowed,
    }))
      if (locked) opsSignals.lockout.publish({ scope });
    const lockouts: Array<Pick<AuditEntry, 'targetType' | 'targetId' | 'summary' | 'coded'>> = [];
    if (addressLocked) {
      lockouts.push({
        targetType: '',
        targetId: ip,
        summary: `IP ${ip}: ${failuresPerHour} failed passwords in an hour`,
        coded: { code: 'security.lockout_address', params: { ip, failures: failuresPerHour } },
      });
    }
    if (pairLocked && account) {
      lockouts.push({
        ...target,
        summary: `${name} from ${ip}: ${pairFailuresPerHour} failed passwords in an hour; that address is refused for this account`,
        coded: {
          code: 'security.lockout_pair',
          params: { username: name, ip, failures: pairFailuresPerHour },
        },
      });
    }
    if (accountSlowed && account) {
      lockouts.push({
        ...target,
        summary: `${name}: ${accountSlowdownAfter} failed passwords in an hour; addresses that failed get no more tries, clean ones still do`,
        coded: {
          code: 'security.lockout_account',
          params: { username: name, failures: accountSlowdownAfter },
        },
      });
    }
    for (const lockout of lockouts) {
      await recordAudit(this.db, {
        actorId: null,
        actorName: 'system',
        ip,
        action: 'security.lockout',
        ...lockout,
      });
    }
  }

  /**
   * The active user a token belongs to, or null for unknown, revoked, expired or blocked. Answers from
   * a short cache (both ways); concurrent checks of one token share one query.
   */
  async authenticate(token: string): Promise<UserRecord | null> {
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    const tokenHash = hashToken(token);
    const now = Date.now();
    const cached = this.sessions.get(tokenHash);
    if (cached && cached.until > now) return cached.user;
    if (cached && cached.until + SESSION_REFRESH_MS > now && cached.expiresAt > now) {
      void this.lookUpShared(tokenHash).catch(() => undefined);
      return cached.user;
    }
    const unknownUntil = this.unknownTokens.get(tokenHash);
    if (unknownUntil !== undefined && unknownUntil > now) return null;
    return this.lookUpShared(tokenHash);
  }

  /** One lookup per token at a time, and at most LOOKUPS_AT_ONCE against the database. */
  private lookUpShared(tokenHash: string): Promise<UserRecord | null> {
    let lookup = this.lookups.get(tokenHash);
    if (!lookup) {
      lookup = this.lookupSlots
        .run(() => this.lookUp(tokenHash))
        .finally(() => {
          if (this.lookups.get(tokenHash) === lookup) this.lookups.delete(tokenHash);
        });
      this.lookups.set(tokenHash, lookup);
    }
    return lookup;
  }

  /** Drops cached sessions of a user whose profile changed, so the next call reads it fresh. */
  forgetSessions(userId: number): void {
    this.dropCached(userId);
    this.sessionEvents.emit({ userId, revoked: false });
  }

  async logout(token: string): Promise<void> {
    const tokenHash = hashToken(token);
    const userId = this.sessions.get(tokenHash)?.user.id ?? null;
    this.dropToken(tokenHash);
    await this.db
      .update(accessTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
    this.dropToken(tokenHash);
    this.sessionEvents.emit({ userId, tokenHash, revoked: true });
  }

  /**
   * Revokes every token of a user (block, role change, password change), except `keepToken` if given
   * (the session that changed the password stays signed in, and its sockets open).
   */
  async revokeAll(userId: number, db: Database = this.db, keepToken?: string): Promise<void> {
    this.dropCached(userId);
    const except = keepToken === undefined ? undefined : hashToken(keepToken);
    await db
      .update(accessTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(accessTokens.userId, userId),
          isNull(accessTokens.revokedAt),
          except === undefined ? undefined : ne(accessTokens.tokenHash, except),
        ),
      );
    this.dropCached(userId);
    this.sessionEvents.emit({ userId, revoked: true, except });
  }

  private async lookUp(tokenHash: string): Promise<UserRecord | null> {
    this.lookupsRunning++;
    try {
      return await this.lookUpOnce(tokenHash, 1);
    } finally {
      if (--this.lookupsRunning === 0) this.droppedAt.clear();
    }
  }

  private async lookUpOnce(tokenHash: string, attempt: number): Promise<UserRecord | null> {
    const started = this.drops;
    const rows = await queryRows<UserRow & { expires_at: Date | string }>(
      this.db,
      sql`SELECT u.id, u.username, u.email, u.role, u.status, u.is_bot AS "isBot", u.bank,
                 u.account_number AS "accountNumber", u.preferences, u.created_at AS "createdAt", t.expires_at
          FROM access_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.token_hash = ${tokenHash} AND t.revoked_at IS NULL AND t.expires_at > now()
            AND u.status = 'active'`,
    );
    const row = rows[0];
    const now = Date.now();
    if (!row) {
      this.sessions.delete(tokenHash);
      if (this.unknownTokens.size >= UNKNOWN_TOKEN_CACHE_MAX) this.unknownTokens.clear();
      this.unknownTokens.set(tokenHash, now + UNKNOWN_TOKEN_CACHE_MS);
      return null;
    }
    const { expires_at, ...fields } = row;
    const user: UserRecord = { ...fields, id: Number(row.id), createdAt: new Date(row.createdAt) };
    // A revocation of this token or user (or a profile change) landed while we asked: ask again, so nobody
    // passes on an answer from before it. A user whose profile changes many times at once gets a few more
    // tries before the request is refused (it once got a false 401 after two drops in a row).
    if (this.droppedSince(started, tokenHash, user.id))
      return attempt >= LOOKUP_ATTEMPTS ? null : this.lookUpOnce(tokenHash, attempt + 1);
    if (this.sessions.size >= SESSION_CACHE_MAX) this.sessions.clear();
    const expiresAt = new Date(expires_at).getTime();
    const until = Math.min(now + SESSION_CACHE_MS, expiresAt);
    this.sessions.set(tokenHash, { user, until, expiresAt });
    return user;
  }

  /** A session change made by another process: drop what the cache holds for it. */
  private forgetCached(change: SessionChange): void {
    if (change.tokenHash === undefined) this.dropCached(change.userId);
    else this.dropToken(change.tokenHash);
  }

  private dropToken(tokenHash: string): void {
    this.dropped(`t:${tokenHash}`);
    this.sessions.delete(tokenHash);
  }

  private dropCached(userId: number): void {
    this.dropped(`u:${userId}`);
    for (const [hash, entry] of this.sessions) if (entry.user.id === userId) this.sessions.delete(hash);
  }

  /** Marks a drop; lookups begun before it are not joined by new checks. */
  private dropped(key: string): void {
    this.drops++;
    this.lookups.clear();
    if (this.lookupsRunning === 0) return;
    if (this.droppedAt.size >= DROPS_REMEMBERED) {
      this.droppedAt.clear();
      this.dropFloor = this.drops;
    }
    this.droppedAt.set(key, this.drops);
  }

  private droppedSince(started: number, tokenHash: string, userId: number): boolean {
    const at = (key: string) => this.droppedAt.get(key) ?? 0;
    return this.dropFloor > started || at(`t:${tokenHash}`) > started || at(`u:${userId}`) > started;
  }

  /** Marks every outstanding reset link of a user used (after a reset or a password change). */
  async killResetLinks(userId: number, db: Database = this.db): Promise<void> {
    await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  }

  async issueToken(userId: number, db: Database = this.db): Promise<string> {
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + this.options.tokenTtlHours * 3600_000);
    await db.insert(accessTokens).values({ tokenHash: hashToken(token), userId, expiresAt });
    return token;
  }

  /**
   * Mails a one-time reset link if the email belongs to an active account; says nothing either way.
   * Only the failure counters run before the answer: the lookup and the mail happen in the
   * background, so the answer takes the same time whether or not the email exists.
   */
  async forgotPassword(email: string, ip: string, requestOrigin = 'http://localhost:3000'): Promise<void> {
    const ipKey = `forgot-ip:${ip}`;
    const accountKey = `forgot-account:${email.toLowerCase()}`;
    if ((await this.failures.isBlocked(ipKey)) || (await this.failures.isBlocked(accountKey))) {
      throw new AppError(429, 'rate_limited', TOO_MANY);
    }
    await this.failures.recordFailure(ipKey);
    await this.failures.recordFailure(accountKey);
    const job = this.mailResetLink(email, this.linkOrigin(requestOrigin))
      .catch((error: unknown) => this.options.logger?.error({ err: error }, 'preparing a reset mail failed'))
      .finally(() => this.background.delete(job));
    this.background.add(job);
  }

  /**
   * Where a mailed link points: PUBLIC_ORIGIN when set; otherwise the asking request's origin only if it
   * is one of the allowed origins, else the first of them. Never whatever the Host header claims.
   */
  private linkOrigin(requestOrigin: string): string {
    if (this.options.publicOrigin) return this.options.publicOrigin;
    const allowed = this.options.allowedOrigins ?? [];
    return allowed.includes(requestOrigin) ? requestOrigin : (allowed[0] ?? 'http://localhost:3000');
  }

  /** Resolves when every reset mail started so far has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private async mailResetLink(email: string, origin: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (!row || row.status !== 'active' || row.isBot) return;
    const token = newOpaqueToken();
    await this.db.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: row.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${origin}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send({
      to: row.email,
      subject: 'Tenger Poker: reset your password / Нууц үгээ сэргээх',
      text:
        `Hello ${row.username},\n\nTo choose a new password, open this link within one hour:\n${link}\n\n` +
        `If you did not ask for this, ignore this mail.\n\n` +
        `Сайн байна уу, ${row.username}.\nШинэ нууц үг үүсгэхийн тулд энэ холбоосыг нэг цагийн дотор нээнэ үү:\n${link}\n`,
    });
  }

  async resetPassword(body: ResetPasswordRequest, ip: string): Promise<void> {
    const ipKey = `reset-ip:${ip}`;
    if (await this.failures.isBlocked(ipKey)) throw new AppError(429, 'rate_limited', TOO_MANY);
    const passwordHash = await this.hashFor({ address: ip }, body.password);
    const done = await this.db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(body.token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!reset) return null;
      const [user] = await tx
        .update(users)
        .set({ passwordHash })
        .where(eq(users.id, reset.userId))
        .returning({ username: users.username });
      await this.revokeAll(reset.userId, tx as unknown as Database);
      // Every other link mailed to this account dies with the one used.
      await this.killResetLinks(reset.userId, tx as unknown as Database);
      await recordAudit(tx as unknown as Database, {
        actorId: reset.userId,
        actorName: user?.username ?? '',
        ip,
        action: 'security.password_reset',
        targetType: 'user',
        targetId: reset.userId,
        summary: 'password reset by mailed link; every session and link revoked',
        coded: { code: 'security.password_reset', params: {} },
      });
      return reset.userId;
    });
    if (done !== null) this.forgetSessions(done);
    if (done === null) {
      await this.failures.recordFailure(ipKey);
      throw new AppError(400, 'reset_link_invalid', 'This reset link is invalid or has expired', {
        token: 'Invalid or expired',
      });
    }
  }

  private async findDuplicate(username: string, email: string): Promise<AppError | null> {
    const rows = await this.db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username}) OR lower(${users.email}) = lower(${email})`);
    if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) {
      return new AppError(409, 'username_taken', 'Username is already taken', { username: 'Already taken' });
    }
    if (rows.length > 0) {
      return new AppError(409, 'email_taken', 'Email is already registered', { email: 'Already registered' });
    }
    return null;
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('not a real password', this.options.scrypt);
    return this.dummyHash;
  }
}

/** At most `size` tasks at once; the others wait in order. */
class Slots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The failure counter of one account from one address. */
function pairKey(accountKey: string, ip: string): string {
  return `${accountKey}@${ip}`;
}

/** The login failure counter of an account, whichever of its names was typed. */
function accountFailureKey(userId: number): string {
  return `login-account:${userId}`;
}
