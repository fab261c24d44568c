import { asc, eq, sql } from 'drizzle-orm';
import type { ContentBlock, LocalizedText } from '@tenger/protocol';
import { recordAudit, type AuditActor } from '../audit/auditLog.js';
import type { Database } from '../db/client.js';
import { contentBlocks } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';

/**
 * Blocks a fresh site starts with (and an older site gains on its next start): the pages read them by
 * name. The web app's CONTENT_BLOCK_PLACES (apps/web/src/app/contentBlocks.ts) says where each is shown.
 */
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
  'deposit-instructions': {
    en: 'Transfer the money to one of the site’s accounts shown above and write your deposit reference in the transfer description. An administrator credits your balance once the money arrives.',
    mn: 'Дээр харуулсан сайтын аль нэг дансанд мөнгөө шилжүүлж, гүйлгээний утгад өөрийн орлогын кодыг бичнэ үү. Мөнгө орж ирмэгц админ таны үлдэгдлийг цэнэглэнэ.',
  },
  'site-footer': {
    en: 'Tenger Poker · Play responsibly. Players must be 18 or older.',
    mn: 'Тэнгэр Покер · Хариуцлагатай тоглоорой. Тоглогч 18 ба түүнээс дээш настай байх ёстой.',
  },
  terms: {
    en: 'By registering you confirm that you are 18 or older, that real-money poker is legal where you live, that you hold one account only and play fairly (no collusion, no bots), and that you gamble responsibly.',
    mn: 'Бүртгүүлснээр та 18 ба түүнээс дээш настай, оршин суугаа газартаа мөнгөтэй покер тоглох нь хууль ёсны, ганцхан бүртгэлтэй, шударга тоглох (хуйвалдаан, бот хэрэглэхгүй), хариуцлагатай тоглохоо баталж байна.',
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

  /** Creates, changes and deletes write their audit row (with an actor) in the same transaction. */
  async create(name: string, block: LocalizedText, actor?: AuditActor): Promise<ContentBlock> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(contentBlocks)
        .values({ name, body: block })
        .onConflictDoNothing()
        .returning();
      if (rows.length === 0) throw new AppError(409, 'duplicate', `A block named ${name} already exists`);
      if (actor) await audit(tx, actor, 'block.update', name, `created: ${preview(block)}`);
      return present(rows[0]);
    });
  }

  async update(name: string, block: LocalizedText, actor?: AuditActor): Promise<ContentBlock> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(contentBlocks)
        .where(eq(contentBlocks.name, name))
        .for('update');
      if (!before) throw notFound('Block');
      const rows = await tx
        .update(contentBlocks)
        .set({ body: block, updatedAt: sql`now()` })
        .where(eq(contentBlocks.name, name))
        .returning();
      if (actor) {
        await audit(tx, actor, 'block.update', name, `${preview(before.body)} -> ${preview(block)}`);
      }
      return present(rows[0]);
    });
  }

  async remove(name: string, actor?: AuditActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx.delete(contentBlocks).where(eq(contentBlocks.name, name)).returning();
      if (rows.length === 0) throw notFound('Block');
      if (actor) await audit(tx, actor, 'block.delete', name, `deleted: ${preview(rows[0].body)}`);
    });
  }

  async seed(): Promise<void> {
    const values = Object.entries(DEFAULT_BLOCKS).map(([name, body]) => ({ name, body }));
    await this.db.insert(contentBlocks).values(values).onConflictDoNothing();
  }
}

function audit(
  tx: unknown,
  actor: AuditActor,
  action: 'block.update' | 'block.delete',
  name: string,
  summary: string,
): Promise<void> {
  return recordAudit(tx as Database, {
    ...actor,
    action,
    targetType: 'block',
    targetId: name,
    summary,
    coded: { code: action, params: { name } },
  });
}

/** The start of each language's text, for the audit summary. */
function preview(block: LocalizedText): string {
  const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);
  return `en "${cut(block.en)}" mn "${cut(block.mn)}"`;
}

function present(row: typeof contentBlocks.$inferSelect): ContentBlock {
  return { name: row.name, block: row.body, updatedAt: row.updatedAt.toISOString() };
}
