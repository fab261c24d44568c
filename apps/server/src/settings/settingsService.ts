import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_RATHOLE_MINUTES,
  SettingsSchema,
  type Settings,
  type UpdateSettingsRequest,
} from '@tenger/protocol';
import type { Database } from '../db/client.js';
import { siteSettings } from '../db/schema.js';
import { AppError } from '../errors.js';

export const DEFAULT_SETTINGS: Settings = {
  maintenance: { enabled: false, message: 'The site is under maintenance. Please come back soon.' },
  withdrawal: { min: 1000, max: null },
  rake: { percent: 5, capBigBlinds: 3 },
  jackpot: {
    contributionPercent: 1,
    rules:
      'One percent of every raked pot grows the jackpot. It is paid for a bad beat: four of a kind or better losing at showdown.',
  },
  actionTimeSeconds: 20,
  timeBankSeconds: 30,
  table: { ratholeMinutes: DEFAULT_RATHOLE_MINUTES },
  banks: [
    'Khan Bank',
    'Golomt Bank',
    'Trade and Development Bank',
    'XacBank',
    'State Bank',
    'Bogd Bank',
    'Capitron Bank',
    'Arig Bank',
    'Transport and Development Bank',
    'Chinggis Khaan Bank',
  ],
};

/** Site settings: one row, cached in this process, read often (every withdrawal, every lobby). */
export class SettingsService {
  private cached?: Settings;

  constructor(private readonly db: Database) {}

  async get(): Promise<Settings> {
    if (this.cached) return this.cached;
    const [row] = await this.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    const parsed = SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...(row?.value ?? {}) });
    this.cached = parsed.success ? parsed.data : DEFAULT_SETTINGS;
    return this.cached;
  }

  async update(change: UpdateSettingsRequest): Promise<Settings> {
    const current = await this.get();
    const next = SettingsSchema.safeParse({
      ...current,
      ...change,
      maintenance: { ...current.maintenance, ...change.maintenance },
      withdrawal: { ...current.withdrawal, ...change.withdrawal },
      rake: { ...current.rake, ...change.rake },
      jackpot: { ...current.jackpot, ...change.jackpot },
      table: { ...current.table, ...change.table },
    });
    if (!next.success) throw new AppError(400, 'validation_failed', 'Invalid settings');
    if (next.data.withdrawal.max !== null && next.data.withdrawal.max < next.data.withdrawal.min) {
      throw new AppError(400, 'validation_failed', 'Withdrawal maximum must not be below the minimum', {
        'withdrawal.max': 'Must be at least the minimum',
      });
    }
    await this.db
      .insert(siteSettings)
      .values({ id: 1, value: next.data })
      .onConflictDoUpdate({ target: siteSettings.id, set: { value: next.data, updatedAt: sql`now()` } });
    this.cached = next.data;
    return next.data;
  }

  /** Writes the defaults on a fresh database. */
  async seed(): Promise<void> {
    await this.db.insert(siteSettings).values({ id: 1, value: DEFAULT_SETTINGS }).onConflictDoNothing();
    this.cached = undefined;
  }
}
