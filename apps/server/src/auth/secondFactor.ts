import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type {
  RecoveryCodes,
  SecondFactorEnrolment,
  SecondFactorStatus,
  SecondFactorStep,
} from '@tenger/protocol';
import { recordAudit } from '../audit/auditLog.js';
import type { CounterStore } from '../cluster/counterStore.js';
import { queryRows, type Database } from '../db/client.js';
import { accessTokens, adminRecoveryCodes, adminSecondFactors, users } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import type { UserRecord } from '../users/userRecord.js';
import type { AdminActor } from '../wallet/depositDesk.js';
import type { AuthService } from './authService.js';
import { FailureLimiter } from './failureLimiter.js';
import { hashToken } from './tokens.js';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Tenger Poker';
/** Seconds of clock drift forgiven either way: the step before and the step after the current one. */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Wrong codes per administrator per hour; the next attempt is refused (429) until the oldest ages out. */
const WRONG_CODES_PER_HOUR = 10;
const RECOVERY_CODE_COUNT = 10;
/** Base32 without look-alikes is not needed here: codes are typed from a printout, case and dashes ignored. */
const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const TOTP_SHAPE = /^\d{6}$/;

export interface SecondFactorOptions {
  /** Every administrator must enrol, and every admin session pass (production). */
  required: boolean;
  /** Where wrong codes are counted (the site's shared counters); in memory if not given. */
  counters?: CounterStore;
}

/**
 * The administrators' second factor: TOTP (RFC 6238, otplib) plus one-time recovery codes. A session
 * (an access token) of an administrator reaches the admin API only once it passed the factor, when the
 * site requires it or the administrator enrolled. A lost device is reset by another administrator only.
 */
export class SecondFactorService {
  private readonly wrongCodes: FailureLimiter;

  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly options: SecondFactorOptions,
  ) {
    this.wrongCodes = new FailureLimiter(WRONG_CODES_PER_HOUR, options.counters);
  }

  /** What the session still needs before the admin API answers it; undefined for players and for done. */
  async stepFor(user: UserRecord, accessToken: string): Promise<SecondFactorStep | undefined> {
    return (await this.status(user, accessToken)).step;
  }

  async status(user: UserRecord, accessToken: string): Promise<SecondFactorStatus> {
    if (user.role !== 'ADMIN') return { required: false, enrolled: false, passed: false };
    const [row] = await queryRows<{ passed: boolean; enrolled: boolean }>(
      this.db,
      sql`SELECT t.second_factor_at IS NOT NULL AS passed, f.enrolled_at IS NOT NULL AS enrolled
          FROM access_tokens t LEFT JOIN admin_second_factors f ON f.user_id = t.user_id
          WHERE t.token_hash = ${hashToken(accessToken)}`,
    );
    const enrolled = Boolean(row?.enrolled);
    const passed = Boolean(row?.passed);
    const required = this.options.required || enrolled;
    const step: SecondFactorStep | undefined =
      !required || passed ? undefined : enrolled ? 'verify' : 'enrol';
    return { required, enrolled, passed, step };
  }

  /** The admin guard: refuses an administrator's session that has not passed a factor it needs. */
  async requireForAdmin(user: UserRecord, accessToken: string): Promise<void> {
    const { step } = await this.status(user, accessToken);
    if (step === 'verify')
      throw new AppError(403, 'second_factor_required', 'Enter the code from your authenticator app');
    if (step === 'enrol')
      throw new AppError(
        403,
        'second_factor_enrolment_required',
        'Set up an authenticator app before using the admin panel',
      );
  }

  /** A new secret for an administrator who has none enrolled (a pending one is replaced). */
  async startEnrolment(user: UserRecord): Promise<SecondFactorEnrolment> {
    requireAdministrator(user);
    const secret = generateSecret();
    const rows = await queryRows<{ user_id: number }>(
      this.db,
      sql`INSERT INTO admin_second_factors (user_id, secret) VALUES (${user.id}, ${secret})
          ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = now()
          WHERE admin_second_factors.enrolled_at IS NULL
          RETURNING user_id`,
    );
    if (rows.length === 0) throw alreadyEnrolled();
    return { secret, otpauthUri: generateURI({ issuer: ISSUER, label: user.username, secret }) };
  }

  /**
   * The first code from the app confirms the pending secret: the factor is enrolled, this session has
   * passed it, and the recovery codes are returned (only now, only once).
   */
  async confirmEnrolment(
    user: UserRecord,
    accessToken: string,
    code: string,
    ip: string,
  ): Promise<RecoveryCodes> {
    requireAdministrator(user);
    await this.refuseWhileLockedOut(user);
    const [factor] = await this.db
      .select()
      .from(adminSecondFactors)
      .where(eq(adminSecondFactors.userId, user.id));
    if (factor?.enrolledAt) throw alreadyEnrolled();
    if (!factor) throw new AppError(409, 'conflict', 'Start the enrolment first');
    const timeStep = await this.matchingTimeStep(factor.secret, code, null);
    if (timeStep === null) return this.refuseWrongCode(user, ip);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const confirmed = await tx
        .update(adminSecondFactors)
        .set({ enrolledAt: new Date(), lastTimeStep: timeStep })
        .where(
          and(
            eq(adminSecondFactors.userId, user.id),
            eq(adminSecondFactors.secret, factor.secret),
            isNull(adminSecondFactors.enrolledAt),
          ),
        )
        .returning({ userId: adminSecondFactors.userId });
      // Another request enrolled (or restarted the enrolment) meanwhile.
      if (confirmed.length === 0) throw alreadyEnrolled();
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, user.id));
      await tx.insert(adminRecoveryCodes).values(
        recoveryCodes.map((recoveryCode) => ({
          userId: user.id,
          codeHash: hashRecoveryCode(recoveryCode),
        })),
      );
      await markSessionPassed(tx, accessToken);
      await recordAudit(tx, {
        actorId: user.id,
        actorName: user.username,
        ip,
        action: 'security.second_factor_enrol',
        targetType: 'user',
        targetId: user.id,
        summary: `${user.username}: authenticator enrolled, ${RECOVERY_CODE_COUNT} recovery codes issued`,
        coded: {
          code: 'security.second_factor_enrol',
          params: { username: user.username, codes: RECOVERY_CODE_COUNT },
        },
      });
    });
    await this.wrongCodes.clear(wrongCodeKey(user.id));
    return { recoveryCodes };
  }

  /**
   * Passes this session with a code from the app (each time step once: a code seen before is refused
   * even inside its window) or with an unused recovery code (which is then spent).
   */
  async verify(user: UserRecord, accessToken: string, code: string, ip: string): Promise<void> {
    requireAdministrator(user);
    const [factor] = await this.db
      .select()
      .from(adminSecondFactors)
      .where(eq(adminSecondFactors.userId, user.id));
    if (!factor?.enrolledAt)
      throw new AppError(
        403,
        'second_factor_enrolment_required',
        'Set up an authenticator app before using the admin panel',
      );
    await this.refuseWhileLockedOut(user);
    const passed = TOTP_SHAPE.test(code)
      ? await this.passWithTimeCode(factor.secret, factor.lastTimeStep, user, accessToken, code)
      : await this.passWithRecoveryCode(user, accessToken, code, ip);
    if (!passed) return this.refuseWrongCode(user, ip);
    await this.wrongCodes.clear(wrongCodeKey(user.id));
  }

  /**
   * Another administrator clears someone's second factor (a lost device): the secret and the recovery
   * codes go, every session of theirs ends, and they enrol again at their next login. Never one's own.
   */
  async reset(actor: AdminActor, userId: number): Promise<void> {
    if (actor.actorId === userId)
      throw new AppError(
        403,
        'second_factor_own_reset',
        'Another administrator must reset your second factor',
      );
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [target] = await tx
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!target) throw notFound('User');
      const removed = await tx
        .delete(adminSecondFactors)
        .where(eq(adminSecondFactors.userId, userId))
        .returning({ enrolledAt: adminSecondFactors.enrolledAt });
      await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
      await this.auth.revokeAll(userId, tx);
      await recordAudit(tx, {
        ...actor,
        action: 'security.second_factor_reset',
        targetType: 'user',
        targetId: userId,
        summary: `${target.username}: second factor ${removed[0]?.enrolledAt ? 'reset' : 'cleared (none enrolled)'}, every session ended`,
        coded: {
          code: removed[0]?.enrolledAt ? 'security.second_factor_reset' : 'security.second_factor_cleared',
          params: { username: target.username },
        },
      });
    });
    this.auth.forgetSessions(userId);
  }

  /** The administrator made from the environment gets ADMIN_TOTP_SECRET as an enrolled factor. */
  async enrolFromEnvironment(userId: number, secret: string): Promise<void> {
    await this.db
      .insert(adminSecondFactors)
      .values({ userId, secret, enrolledAt: new Date() })
      .onConflictDoNothing();
  }

  private async passWithTimeCode(
    secret: string,
    lastTimeStep: number | null,
    user: UserRecord,
    accessToken: string,
    code: string,
  ): Promise<boolean> {
    const timeStep = await this.matchingTimeStep(secret, code, lastTimeStep);
    if (timeStep === null) return false;
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      // Two requests with one code: only the first moves the last step forward.
      const [moved] = await queryRows<{ user_id: number }>(
        tx,
        sql`UPDATE admin_second_factors SET last_time_step = ${timeStep}
            WHERE user_id = ${user.id} AND enrolled_at IS NOT NULL
              AND (last_time_step IS NULL OR last_time_step < ${timeStep})
            RETURNING user_id`,
      );
      if (!moved) return false;
      await markSessionPassed(tx, accessToken);
      return true;
    });
  }

  private async passWithRecoveryCode(
    user: UserRecord,
    accessToken: string,
    code: string,
    ip: string,
  ): Promise<boolean> {
    const codeHash = hashRecoveryCode(code);
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [spent] = await tx
        .update(adminRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(adminRecoveryCodes.userId, user.id),
            eq(adminRecoveryCodes.codeHash, codeHash),
            isNull(adminRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: adminRecoveryCodes.id });
      if (!spent) return false;
      const [left] = await queryRows<{ count: number | string }>(
        tx,
        sql`SELECT count(*) AS count FROM admin_recovery_codes WHERE user_id = ${user.id} AND used_at IS NULL`,
      );
      await markSessionPassed(tx, accessToken);
      await recordAudit(tx, {
        actorId: user.id,
        actorName: user.username,
        ip,
        action: 'security.recovery_code_used',
        targetType: 'user',
        targetId: user.id,
        summary: `${user.username}: signed in with a recovery code, ${Number(left?.count ?? 0)} left`,
        coded: {
          code: 'security.recovery_code_used',
          params: { username: user.username, left: Number(left?.count ?? 0) },
        },
      });
      return true;
    });
  }

  /** The time step the code belongs to (within the tolerance, after `afterTimeStep`), or null. */
  private async matchingTimeStep(
    secret: string,
    code: string,
    afterTimeStep: number | null,
  ): Promise<number | null> {
    if (!TOTP_SHAPE.test(code)) return null;
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private async refuseWhileLockedOut(user: UserRecord): Promise<void> {
    if (await this.wrongCodes.isBlocked(wrongCodeKey(user.id)))
      throw new AppError(429, 'rate_limited', 'Too many wrong codes. Please try again later.');
  }

  /** Counts a wrong code like a wrong password; the one that locks the factor out writes an audit row. */
  private async refuseWrongCode(user: UserRecord, ip: string): Promise<never> {
    if (await this.wrongCodes.recordFailure(wrongCodeKey(user.id))) {
      await recordAudit(this.db, {
        actorId: null,
        actorName: 'system',
        ip,
        action: 'security.lockout',
        targetType: 'user',
        targetId: user.id,
        summary: `${user.username}: ${WRONG_CODES_PER_HOUR} wrong second-factor codes in an hour`,
        coded: {
          code: 'security.wrong_codes',
          params: { username: user.username, failures: WRONG_CODES_PER_HOUR },
        },
      });
    }
    throw new AppError(400, 'second_factor_wrong', 'The code is wrong or was used already', {
      code: 'The code is wrong or was used already',
    });
  }
}

function requireAdministrator(user: UserRecord): void {
  if (user.role !== 'ADMIN') throw new AppError(403, 'forbidden', 'Administrators only');
}

function alreadyEnrolled(): AppError {
  return new AppError(
    409,
    'second_factor_enrolled',
    'A second factor is set up already; another administrator can reset it',
  );
}

async function markSessionPassed(tx: Database, accessToken: string): Promise<void> {
  await tx
    .update(accessTokens)
    .set({ secondFactorAt: new Date() })
    .where(and(eq(accessTokens.tokenHash, hashToken(accessToken)), isNull(accessTokens.revokedAt)));
}

function wrongCodeKey(userId: number): string {
  return `second-factor:${userId}`;
}

/** `ABCDE-FGHIJ`: 50 random bits, read from a printout. */
function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
}

/** Case, spaces and dashes do not matter; only the hash is stored (the codes are random, not passwords). */
function hashRecoveryCode(code: string): string {
  return hashToken(code.replace(/[\s-]/g, '').toUpperCase());
}
