import { asc, eq, sql } from 'drizzle-orm';
import type { ContentBlock, LocalizedText } from '@tenger/protocol';
import { recordAudit, type AuditActor } from '../audit/auditLog.js';
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
  'deposit-instructions': {
    en: 'To deposit, transfer tugrik from your own bank account to Khan Bank account 5000 000 000 (Tenger Poker LLC) and write your username as the payment description. An administrator credits your balance when the transfer arrives, usually within 30 minutes; the deposit then appears in this list.',
    mn: 'Цэнэглэхийн тулд өөрийн банкны данснаас Хаан банкны 5000 000 000 (Тэнгэр Покер ХХК) дансанд төгрөг шилжүүлж, гүйлгээний утга дээр хэрэглэгчийн нэрээ бичнэ үү. Шилжүүлэг орж ирмэгц админ таны үлдэгдлийг ихэвчлэн 30 минутын дотор цэнэглэх бөгөөд орлого энэ жагсаалтад харагдана.',
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
  return recordAudit(tx as Database, { ...actor, action, targetType: 'block', targetId: name, summary });
}

/** The start of each language's text, for the audit summary. */
function preview(block: LocalizedText): string {
  const cut = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);
  return `en "${cut(block.en)}" mn "${cut(block.mn)}"`;
}

function present(row: typeof contentBlocks.$inferSelect): ContentBlock {
  return { name: row.name, block: row.body, updatedAt: row.updatedAt.toISOString() };
}
