// The table catalogue: the cash and tournament tables that exist (rows of poker_tables), cached per
// process and told of changes on every process; an administrator's change is audited with it.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AuditSummary, CreateTableRequest, UpdateTableRequest } from '@tenger/protocol';
import { recordAudit, type AuditAction, type AuditActor, type AuditEntry } from '../audit/auditLog.js';
import type { ClusterBus } from '../cluster/clusterBus.js';
import { CLUSTER_CHANNELS, SiteEvent } from '../cluster/siteEvent.js';
import type { Database } from '../db/client.js';
import { pokerTables } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import { sqlState } from '../ledger/ledger.js';

export type TableRow = typeof pokerTables.$inferSelect;
/** The audit row of a table change, made from the row written (written in the change's transaction). */
type TableAudit = (row: TableRow) => AuditEntry;

/** The stakes a fresh site opens with: Hold'em and Omaha, 6- and 9-max, buy-ins of 40–100 big blinds. */
export const DEFAULT_TABLES: CreateTableRequest[] = [
  {
    name: 'Ulaanbaatar',
    variant: 'holdem',
    betting: 'no-limit',
    smallBlind: 100,
    bigBlind: 200,
    minBuyIn: 8000,
    maxBuyIn: 20000,
    maxPlayers: 6,
  },
  {
    name: 'Khangai',
    variant: 'holdem',
    betting: 'no-limit',
    smallBlind: 100,
    bigBlind: 200,
    minBuyIn: 8000,
    maxBuyIn: 20000,
    maxPlayers: 9,
  },
  {
    name: 'Gobi',
    variant: 'holdem',
    betting: 'no-limit',
    smallBlind: 500,
    bigBlind: 1000,
    minBuyIn: 40000,
    maxBuyIn: 100000,
    maxPlayers: 6,
  },
  {
    name: 'Altai',
    variant: 'omaha',
    betting: 'pot-limit',
    smallBlind: 500,
    bigBlind: 1000,
    minBuyIn: 40000,
    maxBuyIn: 100000,
    maxPlayers: 6,
  },
  {
    name: 'Kherlen',
    variant: 'holdem',
    betting: 'no-limit',
    smallBlind: 1000,
    bigBlind: 2000,
    minBuyIn: 80000,
    maxBuyIn: 200000,
    maxPlayers: 9,
  },
  {
    name: 'Orkhon',
    variant: 'omaha',
    betting: 'pot-limit',
    smallBlind: 1000,
    bigBlind: 2000,
    minBuyIn: 80000,
    maxBuyIn: 200000,
    maxPlayers: 6,
  },
  {
    name: 'Khuvsgul',
    variant: 'holdem',
    betting: 'no-limit',
    smallBlind: 5000,
    bigBlind: 10000,
    minBuyIn: 400000,
    maxBuyIn: 1000000,
    maxPlayers: 6,
  },
  {
    name: 'Tuul',
    variant: 'omaha',
    betting: 'pot-limit',
    smallBlind: 5000,
    bigBlind: 10000,
    minBuyIn: 400000,
    maxBuyIn: 1000000,
    maxPlayers: 9,
  },
];

/**
 * Table definitions (stakes, seats). The list is cached in each process: the lobby reads it on
 * every poll, admins change it rarely. A change made through any process reaches every process (over
 * the site's bus once shared): the cache is dropped and listeners get the row as the database has it.
 */
const CREATE_ATTEMPTS = 8;
const UNIQUE_VIOLATION = '23505';

export interface TournamentTableInput {
  tournamentId: number;
  name: string;
  variant: TableRow['variant'];
  betting: TableRow['betting'];
  smallBlind: number;
  bigBlind: number;
  startingStack: number;
  maxPlayers: number;
  actionTimeSeconds: number | null;
}

export class TableCatalogue {
  private cache?: TableRow[];
  /** Bumped by every change heard: a list read that began before one must not fill the cache. */
  private version = 0;
  private readonly listeners = new Set<(tableId: number, table: TableRow | null) => void>();
  private readonly rowChanged = new SiteEvent<{ tableId: number }>(CLUSTER_CHANNELS.tableChanged);
  /** Changes are handed to listeners one at a time, in the order they were heard. */
  private delivering: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {
    this.rowChanged.on(({ tableId }) => this.heard(tableId));
  }

  /** Changes made by any process of the site reach this one through `bus`. */
  shareThrough(bus: ClusterBus): void {
    this.rowChanged.shareThrough(bus);
  }

  onChanged(listener: (tableId: number, table: TableRow | null) => void): void {
    this.listeners.add(listener);
  }

  /** Every table that is not deleted, by number. */
  async list(): Promise<TableRow[]> {
    if (this.cache) return this.cache;
    const version = this.version;
    const rows = await this.db
      .select()
      .from(pokerTables)
      .where(isNull(pokerTables.deletedAt))
      .orderBy(asc(pokerTables.no));
    if (version === this.version) this.cache = rows;
    return rows;
  }

  /** The cash tables (the lobby's and the admin's lists): tournament tables are the director's. */
  async cashTables(): Promise<TableRow[]> {
    return (await this.list()).filter((t) => t.tournamentId === null);
  }

  /**
   * A table of a tournament: a row like any table's (so /ws/table/{id}, hand records and exports work)
   * marked with the tournament, numbered below zero (never a cash table's number), its stakes those
   * of the level it opens at (the runtime takes each hand's from the director's level).
   */
  async createTournamentTable(input: TournamentTableInput): Promise<TableRow> {
    const bigBlind = input.bigBlind;
    for (let attempt = 1; ; attempt++) {
      try {
        const [row] = await this.db
          .insert(pokerTables)
          .values({
            no: sql`(SELECT least(coalesce(min(no), 0), 0) - 1 FROM poker_tables)`,
            name: input.name,
            variant: input.variant,
            betting: input.betting,
            smallBlind: input.smallBlind,
            bigBlind,
            minBuyIn: Math.max(bigBlind, input.startingStack),
            maxBuyIn: Math.max(bigBlind, input.startingStack),
            maxPlayers: input.maxPlayers,
            actionTimeSeconds: input.actionTimeSeconds,
            tournamentId: input.tournamentId,
          })
          .returning();
        this.changed(row.id);
        return row;
      } catch (error) {
        if (attempt >= CREATE_ATTEMPTS || sqlState(error) !== UNIQUE_VIOLATION) throw error;
      }
    }
  }

  /** A table that is not deleted, or null: from the cached list when there is one, else one row read. */
  async find(tableId: number): Promise<TableRow | null> {
    if (this.cache) return this.cache.find((t) => t.id === tableId) ?? null;
    const [row] = await this.db
      .select()
      .from(pokerTables)
      .where(and(eq(pokerTables.id, tableId), isNull(pokerTables.deletedAt)));
    return row ?? null;
  }

  async get(tableId: number): Promise<TableRow> {
    const table = await this.find(tableId);
    if (!table) throw notFound('Table');
    return table;
  }

  /** An administrator's change (`actor`) writes its audit row in the same transaction as the row. */
  async create(input: CreateTableRequest, actor?: AuditActor): Promise<TableRow> {
    const audit =
      actor &&
      auditOf(actor, 'table.create', (table) => `created ${describeTable(table)}`, named('table.create'));
    // The table number is max(no) + 1: two creations at once may pick the same one and one of them then
    // meets the unique index. It simply takes the next number (each attempt is its own transaction).
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.insertTable(input, audit);
      } catch (error) {
        if (attempt >= CREATE_ATTEMPTS || sqlState(error) !== UNIQUE_VIOLATION) throw error;
      }
    }
  }

  private async insertTable(input: CreateTableRequest, audit?: TableAudit): Promise<TableRow> {
    const row = await this.writing(audit, async (db) => {
      const [inserted] = await db
        .insert(pokerTables)
        .values({
          no: sql`(SELECT coalesce(max(no), 0) + 1 FROM poker_tables)`,
          name: input.name,
          variant: input.variant,
          betting: input.betting ?? (input.variant === 'omaha' ? 'pot-limit' : 'no-limit'),
          smallBlind: input.smallBlind,
          bigBlind: input.bigBlind,
          minBuyIn: input.minBuyIn,
          maxBuyIn: input.maxBuyIn,
          maxPlayers: input.maxPlayers,
          actionTimeSeconds: input.actionTimeSeconds ?? null,
          closed: input.closed ?? false,
        })
        .returning();
      return inserted;
    });
    this.changed(row.id);
    return row;
  }

  async update(
    tableId: number,
    change: Omit<UpdateTableRequest, 'tableId'>,
    actor?: AuditActor,
  ): Promise<TableRow> {
    const current = await this.get(tableId);
    const audit =
      actor &&
      auditOf(
        actor,
        'table.update',
        (table) => `${describeTable(current)} -> ${describeTable(table)}`,
        (table) => ({
          code: 'table.update',
          params: { no: table.no, name: table.name, fields: changedFields(current, table) },
        }),
      );
    const next = { ...current, ...stripUndefined(change) };
    if (!(
      next.smallBlind <= next.bigBlind &&
      next.bigBlind <= next.minBuyIn &&
      next.minBuyIn <= next.maxBuyIn
    )) {
      throw new AppError(
        400,
        'validation_failed',
        'Small blind ≤ big blind ≤ minimum buy-in ≤ maximum buy-in',
        {
          minBuyIn: 'Stakes out of order',
        },
      );
    }
    const row = await this.writing(audit, async (db) => {
      const [updated] = await db
        .update(pokerTables)
        .set({
          name: next.name,
          variant: next.variant,
          betting: next.betting,
          smallBlind: next.smallBlind,
          bigBlind: next.bigBlind,
          minBuyIn: next.minBuyIn,
          maxBuyIn: next.maxBuyIn,
          maxPlayers: next.maxPlayers,
          actionTimeSeconds: next.actionTimeSeconds,
          closed: next.closed,
        })
        .where(and(eq(pokerTables.id, tableId), isNull(pokerTables.deletedAt)))
        .returning();
      if (!updated) throw notFound('Table');
      return updated;
    });
    this.changed(row.id);
    return row;
  }

  /** Soft delete: hands and ledger postings keep pointing at the row. */
  async remove(tableId: number, actor?: AuditActor): Promise<void> {
    const audit =
      actor &&
      auditOf(actor, 'table.delete', (table) => `deleted ${describeTable(table)}`, named('table.delete'));
    await this.writing(audit, async (db) => {
      const [row] = await db
        .update(pokerTables)
        .set({ deletedAt: new Date() })
        .where(and(eq(pokerTables.id, tableId), isNull(pokerTables.deletedAt)))
        .returning();
      if (!row) throw notFound('Table');
      return row;
    });
    this.changed(tableId);
  }

  /** Runs `write` alone, or with `audit` in one transaction. */
  private async writing(audit: TableAudit | undefined, write: (db: Database) => Promise<TableRow>) {
    if (!audit) return write(this.db);
    return this.db.transaction(async (tx) => {
      const row = await write(tx as unknown as Database);
      await recordAudit(tx as unknown as Database, audit(row));
      return row;
    });
  }

  async seed(): Promise<void> {
    const [{ count }] = await this.db.select({ count: sql<number>`count(*)::int` }).from(pokerTables);
    if (Number(count) > 0) return;
    for (const table of DEFAULT_TABLES) await this.create(table);
  }

  private changed(tableId: number): void {
    this.forget();
    this.rowChanged.emit({ tableId });
  }

  /** A table changed (here or on another process): listeners get the row as it is now, or null if deleted. */
  private heard(tableId: number): void {
    this.forget();
    this.delivering = this.delivering.then(async () => {
      const [row] = await this.db
        .select()
        .from(pokerTables)
        .where(and(eq(pokerTables.id, tableId), isNull(pokerTables.deletedAt)))
        .catch(() => []);
      for (const listener of this.listeners) {
        try {
          listener(tableId, row ?? null);
        } catch {
          // One listener's trouble must not keep the change from the others.
        }
      }
    });
  }

  /** Drops the cache: the next read goes to the database (also when Redis returns: changes may have been missed). */
  forget(): void {
    this.version++;
    this.cache = undefined;
  }
}

/** The audit row of an administrator's change of a table, made from the row written. */
function auditOf(
  actor: AuditActor,
  action: AuditAction,
  summary: (table: TableRow) => string,
  coded: (table: TableRow) => AuditSummary,
): TableAudit {
  return (table) => ({
    ...actor,
    action,
    targetType: 'table',
    targetId: table.id,
    summary: summary(table),
    coded: coded(table),
  });
}

/** The coded summary of a table created or deleted: its number and name. */
function named(code: 'table.create' | 'table.delete'): (table: TableRow) => AuditSummary {
  return (table) => ({ code, params: { no: table.no, name: table.name } });
}

/** The settings of a table an edit changed, by name, for the coded audit summary. */
function changedFields(before: TableRow, after: TableRow): string {
  const keys = (Object.keys(after) as Array<keyof TableRow>).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return keys.join(', ') || '-';
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A table in a few words, for the audit log. */
function describeTable(t: TableRow): string {
  return (
    `#${t.no} "${t.name}" ${t.variant} ${t.betting} ${t.smallBlind}/${t.bigBlind} buy-in ${t.minBuyIn}-${t.maxBuyIn} ` +
    `${t.maxPlayers} seats${t.actionTimeSeconds ? ` ${t.actionTimeSeconds}s` : ''}${t.closed ? ' closed' : ''}`
  );
}
