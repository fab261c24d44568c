import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_BAD_BEAT_SHARES,
  DEFAULT_BANKS,
  DEFAULT_RATHOLE_MINUTES,
  SettingsSchema,
  type Settings,
  type UpdateSettingsRequest,
} from '@tenger/protocol';
import { recordAudit, type AuditActor } from '../audit/auditLog.js';
import type { ClusterBus } from '../cluster/clusterBus.js';
import { CLUSTER_CHANNELS, SiteEvent } from '../cluster/siteEvent.js';
import type { Database } from '../db/client.js';
import { loosensFourEyes, otherAdministrators } from '../fourEyes/fourEyes.js';
import { siteSettings } from '../db/schema.js';
import { AppError } from '../errors.js';

export const DEFAULT_SETTINGS: Settings = {
  maintenance: {
    enabled: false,
    message: 'The site is under maintenance. Please come back soon.',
    messages: {
      en: 'The site is under maintenance. Please come back soon.',
      mn: 'Сайт засвартай байна. Удахгүй эргэж ирнэ үү.',
    },
  },
  withdrawal: { min: 1000, max: null, dualApprovalAbove: 1_000_000 },
  rake: { percent: 5, capBigBlinds: 3 },
  // The jackpot's rules for players are the content block `jackpot-rules`, their one source.
  jackpot: { contributionPercent: 1, badBeatShares: { ...DEFAULT_BAD_BEAT_SHARES } },
  actionTimeSeconds: 20,
  timeBankSeconds: 30,
  table: { ratholeMinutes: DEFAULT_RATHOLE_MINUTES },
  banks: [...DEFAULT_BANKS],
  deposit: { maxAmount: 10_000_000, dualApprovalAbove: 1_000_000 },
  fourEyes: { approverMinAdminHours: 24 },
  security: { refuseSharedAddress: false },
  depositAccounts: { en: [], mn: [] },
};

/**
 * Site settings: one row, cached in each process, read often (every withdrawal, every lobby). A change
 * made through any process tells every process to read the row again (over the site's bus once shared).
 */
export class SettingsService {
  private cached?: Settings;
  /** Bumped by every change heard: a read that began before one must not fill the cache. */
  private version = 0;
  private readonly changed = new SiteEvent<null>(CLUSTER_CHANNELS.settings);

  constructor(private readonly db: Database) {
    this.changed.on(() => this.forget());
  }

  async get(): Promise<Settings> {
    if (this.cached) return this.cached;
    const version = this.version;
    const [row] = await this.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    const parsed = SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...(row?.value ?? {}) });
    const settings = withSharesInEffect(
      withBothMaintenanceMessages(parsed.success ? parsed.data : DEFAULT_SETTINGS),
    );
    if (version === this.version) this.cached = settings;
    return settings;
  }

  /** Changes made by any process of the site reach this one through `bus`. */
  shareThrough(bus: ClusterBus): void {
    this.changed.shareThrough(bus);
  }

  /**
   * Applies a change; with an actor, writes the audit rows in the same transaction: one
   * `maintenance.update` when maintenance changed, one `settings.update` for everything else.
   */
  async update(change: UpdateSettingsRequest, actor?: AuditActor): Promise<Settings> {
    const current = await this.get();
    const next = SettingsSchema.safeParse({
      ...current,
      ...change,
      maintenance: mergeMaintenance(current.maintenance, change.maintenance),
      withdrawal: { ...current.withdrawal, ...change.withdrawal },
      rake: { ...current.rake, ...change.rake },
      jackpot: { ...current.jackpot, ...change.jackpot },
      deposit: { ...current.deposit, ...change.deposit },
      table: { ...current.table, ...change.table },
      fourEyes: { ...current.fourEyes, ...change.fourEyes },
      security: { ...current.security, ...change.security },
      depositAccounts: { ...current.depositAccounts, ...change.depositAccounts },
    });
    if (!next.success) throw new AppError(400, 'validation_failed', 'Invalid settings');
    if (next.data.withdrawal.max !== null && next.data.withdrawal.max < next.data.withdrawal.min) {
      throw new AppError(400, 'validation_failed', 'Withdrawal maximum must not be below the minimum', {
        'withdrawal.max': 'Must be at least the minimum',
      });
    }
    const after = next.data;
    if (
      actor?.actorId &&
      loosensFourEyes(current, after) &&
      (await otherAdministrators(this.db, actor.actorId)) > 0
    ) {
      throw new AppError(
        403,
        'second_admin_required',
        'One administrator may tighten four-eyes but not loosen it: a higher approval threshold or a shorter wait for new approvers is set by the operator',
      );
    }
    await this.db.transaction(async (tx) => {
      await tx
        .insert(siteSettings)
        .values({ id: 1, value: after })
        .onConflictDoUpdate({ target: siteSettings.id, set: { value: after, updatedAt: sql`now()` } });
      if (!actor) return;
      const changed = (Object.keys(change) as Array<keyof Settings>).filter(
        (key) => change[key] !== undefined && JSON.stringify(current[key]) !== JSON.stringify(after[key]),
      );
      const describe = (keys: Array<keyof Settings>) =>
        keys
          .map((key) => `${key} ${JSON.stringify(current[key])} -> ${JSON.stringify(after[key])}`)
          .join('; ');
      const others = changed.filter((key) => key !== 'maintenance');
      if (changed.includes('maintenance')) {
        await recordAudit(tx as unknown as Database, {
          ...actor,
          action: 'maintenance.update',
          targetType: 'site',
          targetId: 'maintenance',
          summary: describe(['maintenance']),
          coded: { code: 'maintenance.update', params: {} },
        });
      }
      if (others.length > 0) {
        await recordAudit(tx as unknown as Database, {
          ...actor,
          action: 'settings.update',
          targetType: 'settings',
          targetId: others.join(','),
          summary: describe(others),
          coded: { code: 'settings.update', params: { keys: others.join(', ') } },
        });
      }
    });
    this.forget();
    this.cached = after;
    this.changed.emit(null);
    return next.data;
  }

  /** Writes the defaults on a fresh database. */
  async seed(): Promise<void> {
    await this.db.insert(siteSettings).values({ id: 1, value: DEFAULT_SETTINGS }).onConflictDoNothing();
    this.forget();
  }

  /** Drops the cache: the next read goes to the database (also when Redis returns: changes may have been missed). */
  forget(): void {
    this.version++;
    this.cached = undefined;
  }
}

type Maintenance = Settings['maintenance'];

/** Settings stored before messages were kept in both languages get the English one and the default Mongolian. */
/**
 * A site that never saved bad-beat shares pays the default ones: they are read as set, so a form that
 * shows and saves them back changes nothing (and audits nothing).
 */
function withSharesInEffect(settings: Settings): Settings {
  if (settings.jackpot.badBeatShares) return settings;
  return { ...settings, jackpot: { ...settings.jackpot, badBeatShares: { ...DEFAULT_BAD_BEAT_SHARES } } };
}

function withBothMaintenanceMessages(settings: Settings): Settings {
  if (settings.maintenance.messages) return settings;
  const messages = { en: settings.maintenance.message, mn: DEFAULT_SETTINGS.maintenance.messages!.mn };
  return { ...settings, maintenance: { ...settings.maintenance, messages } };
}

/** `message` and `messages.en` are one text: a change to either sets both. */
function mergeMaintenance(current: Maintenance, change: UpdateSettingsRequest['maintenance']): Maintenance {
  const next = { ...current, ...change };
  const messages = { ...current.messages!, ...change?.messages };
  const enChanged = change?.messages?.en !== undefined && change.messages.en !== current.messages?.en;
  const messageChanged = change?.message !== undefined && change.message !== current.message;
  if (!enChanged && messageChanged) messages.en = change.message!;
  return { ...next, message: messages.en, messages };
}
