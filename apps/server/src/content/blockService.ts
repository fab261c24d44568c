import { asc, eq, sql } from 'drizzle-orm';
import type { ContentBlock, LocalizedText } from '@tenger/protocol';
import type { Database } from '../db/client.js';
import { contentBlocks } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';

/** Blocks a fresh site starts with: the pages read them by name. */
export const DEFAULT_BLOCKS: Record<string, LocalizedText> = {
  'lobby-banner': {
    en: "Welcome to Tenger Poker: Texas Hold'em and Omaha cash tables, live, day and night.",
    mn: 'Тэнгэр Покерт тавтай морил: Техас Холдем болон Омахагийн бэлэн мөнгөний ширээнүүд өдөр шөнөгүй.',
  },
  'contest-teaser': {
    en: 'Poker contest with a 10 million ₮ prize. Registration opens soon.',
    mn: '10 сая ₮-ийн шагналтай покерын тэмцээн. Бүртгэл удахгүй нээгдэнэ.',
  },
  'tournament-coming-soon': {
    en: 'Tournaments are coming soon.',
    mn: 'Тэмцээнүүд удахгүй эхэлнэ.',
  },
  'jackpot-rules': {
    en: 'A share of every raked pot grows the jackpot. It is paid for a bad beat: four of a kind or better losing at showdown.',
    mn: 'Хураамж авсан пот бүрээс тодорхой хэсэг жекпотод нэмэгдэнэ. Каре болон түүнээс дээш гар шоудаунд ялагдвал жекпот олгоно.',
  },
};

export class BlockService {
  constructor(private readonly db: Database) {}

  async list(): Promise<ContentBlock[]> {
    const rows = await this.db.select().from(contentBlocks).orderBy(asc(contentBlocks.name));
    return rows.map(present);
  }

  async get(name: string): Promise<ContentBlock> {
    const [row] = await this.db.select().from(contentBlocks).where(eq(contentBlocks.name, name));
    if (!row) throw notFound('Block');
    return present(row);
  }

  async create(name: string, block: LocalizedText): Promise<ContentBlock> {
    const rows = await this.db
      .insert(contentBlocks)
      .values({ name, body: block })
      .onConflictDoNothing()
      .returning();
    if (rows.length === 0) throw new AppError(409, 'duplicate', `A block named ${name} already exists`);
    return present(rows[0]);
  }

  async update(name: string, block: LocalizedText): Promise<ContentBlock> {
    const rows = await this.db
      .update(contentBlocks)
      .set({ body: block, updatedAt: sql`now()` })
      .where(eq(contentBlocks.name, name))
      .returning();
    if (rows.length === 0) throw notFound('Block');
    return present(rows[0]);
  }

  async remove(name: string): Promise<void> {
    const rows = await this.db.delete(contentBlocks).where(eq(contentBlocks.name, name)).returning();
    if (rows.length === 0) throw notFound('Block');
  }

  async seed(): Promise<void> {
    const values = Object.entries(DEFAULT_BLOCKS).map(([name, body]) => ({ name, body }));
    await this.db.insert(contentBlocks).values(values).onConflictDoNothing();
  }
}

function present(row: typeof contentBlocks.$inferSelect): ContentBlock {
  return { name: row.name, block: row.body, updatedAt: row.updatedAt.toISOString() };
}
