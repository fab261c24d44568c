// The detectors' scan: reads the hands settled since it last read (in chain order, a cursor in
// `security_scan`), folds each into the tallies of the pairs and players it touches, and stores those
// tallies with the flags they now raise. Nothing ever reads every hand again: a call costs what was
// settled since the last one. One batch is one transaction with the cursor row locked, so several
// processes scanning at once fold each hand exactly once.
import { sql } from 'drizzle-orm';
import type { HandRecord } from '@tenger/engine';
import { queryRows, type Database } from '../db/client.js';
import { pairFlags, playerFlags, type DetectorFlag } from './detectors.js';
import { handSignals, type Decision, type HandSignals } from './handSignals.js';
import { foldHand, pairKey, TallyMap, touchedBy, type PairTally, type PlayerTally } from './tallies.js';

/** Hands read per transaction. */
export const SCAN_BATCH = 200;
/** How often the server scans in the background (config securityScanMs; 0: never, as in tests). */
export const SECURITY_SCAN_MS = 60_000;

export interface ScanState {
  lastSeq: number;
  hands: number;
  scannedAt: Date | null;
}

/** A stored flag with the moment its tally last changed. */
export type StoredFlag = DetectorFlag & { at: string };

export class SecurityScan {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  start(everyMs = SECURITY_SCAN_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.catchUp().catch(this.onError), everyMs);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Folds in what was settled since the last scan, at most `maxBatches` batches; how many hands. */
  catchUp(maxBatches = 50): Promise<number> {
    // One scan at a time in this process; another process waits on the cursor's row lock.
    this.running ??= (async () => {
      let total = 0;
      try {
        for (let i = 0; i < maxBatches; i++) {
          const read = await this.scanBatch();
          total += read;
          if (read < SCAN_BATCH) break;
        }
      } finally {
        this.running = null;
      }
      return total;
    })();
    return this.running;
  }

  async state(): Promise<ScanState> {
    const [row] = await queryRows<{
      last_seq: string | number;
      hands: string | number;
      scanned_at: Date | string | null;
    }>(this.db, sql`SELECT last_seq, hands, scanned_at FROM security_scan WHERE id = 1`);
    return {
      lastSeq: Number(row?.last_seq ?? 0),
      hands: Number(row?.hands ?? 0),
      scannedAt: row?.scanned_at ? new Date(row.scanned_at) : null,
    };
  }

  /** The stored flags, highest score first; house bots' flags left out. */
  async flags(limit: number): Promise<StoredFlag[]> {
    const rows = await queryRows<{ flags: DetectorFlag[] | string; updated_at: Date | string }>(
      this.db,
      sql`(SELECT p.flags, p.updated_at, p.top_score FROM security_pairs p
            JOIN users a ON a.id = p.user_a JOIN users b ON b.id = p.user_b
           WHERE p.top_score > 0 AND NOT a.is_bot AND NOT b.is_bot)
          UNION ALL
          (SELECT s.flags, s.updated_at, s.top_score FROM security_players s JOIN users u ON u.id = s.user_id
           WHERE s.top_score > 0 AND NOT u.is_bot)
          ORDER BY top_score DESC LIMIT ${limit}`,
    );
    return rows
      .flatMap((r) => {
        const flags = typeof r.flags === 'string' ? (JSON.parse(r.flags) as DetectorFlag[]) : r.flags;
        return flags.map((f) => ({ ...f, at: new Date(r.updated_at).toISOString() }));
      })
      .sort((a, b) => b.score - a.score);
  }

  private async scanBatch(): Promise<number> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [cursor] = await queryRows<{ last_seq: string | number }>(
        tx,
        sql`SELECT last_seq FROM security_scan WHERE id = 1 FOR UPDATE`,
      );
      const after = Number(cursor?.last_seq ?? 0);
      const hands = await this.handsAfter(tx, after);
      if (hands.length === 0) return 0;
      const signals = hands.map((h) => h.signals);
      const book = await this.load(tx, signals);
      for (const s of signals) foldHand(book, s);
      await this.save(tx, book);
      const last = hands.at(-1)!.seq;
      await tx.execute(
        sql`UPDATE security_scan SET last_seq = ${last}, hands = hands + ${hands.length}, scanned_at = now() WHERE id = 1`,
      );
      return hands.length;
    });
  }

  /** The next batch of chained hands after `after`, with their owners, decision times and addresses. */
  private async handsAfter(
    tx: Database,
    after: number,
  ): Promise<Array<{ seq: number; signals: HandSignals }>> {
    const rows = await queryRows<{
      id: string;
      table_id: number;
      started_at: Date | string;
      ended_at: Date | string;
      record: HandRecord | string;
      decisions: Decision[] | string | null;
      chain_seq: string | number;
      owners: Array<{ seat: number; userId: number; address: string | null }> | string;
    }>(
      tx,
      sql`SELECT h.id, h.table_id, h.started_at, h.ended_at, h.record, h.decisions, h.chain_seq,
                 (SELECT coalesce(json_agg(json_build_object('seat', p.seat, 'userId', p.user_id, 'address', a.address)), '[]'::json)
                    FROM hand_players p
                    LEFT JOIN seat_addresses a ON a.table_id = h.table_id AND a.user_id = p.user_id
                   WHERE p.hand_id = h.id) AS owners
            FROM hands h
           WHERE h.chain_seq > ${after}
           ORDER BY h.chain_seq LIMIT ${SCAN_BATCH}`,
    );
    return rows.map((row) => {
      const parse = <T>(value: T | string): T =>
        typeof value === 'string' ? (JSON.parse(value) as T) : value;
      const owners = parse(row.owners);
      return {
        seq: Number(row.chain_seq),
        signals: handSignals({
          handId: row.id,
          tableId: Number(row.table_id),
          startedAt: new Date(row.started_at),
          endedAt: new Date(row.ended_at),
          record: parse(row.record),
          owners: new Map(owners.map((o) => [Number(o.seat), Number(o.userId)])),
          decisions: row.decisions === null ? null : parse(row.decisions),
          addresses: new Map(
            owners.filter((o) => o.address).map((o) => [Number(o.userId), o.address!] as [number, string]),
          ),
        }),
      };
    });
  }

  /** The stored tallies of every pair and player the batch touches. */
  private async load(tx: Database, signals: readonly HandSignals[]): Promise<TallyMap> {
    const pairs = new Set<string>();
    const players = new Set<number>();
    for (const s of signals) {
      const touched = touchedBy(s);
      touched.pairs.forEach((k) => pairs.add(k));
      touched.players.forEach((id) => players.add(id));
    }
    const book = new TallyMap();
    const keys = [...pairs].map((k) => k.split(':').map(Number)).map(([a, b]) => ({ a, b }));
    if (keys.length > 0) {
      const rows = await queryRows<{ tally: PairTally | string }>(
        tx,
        sql`SELECT p.tally FROM security_pairs p
              JOIN jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k(a integer, b integer)
                ON p.user_a = k.a AND p.user_b = k.b
             FOR UPDATE OF p`,
      );
      for (const r of rows) {
        const tally = typeof r.tally === 'string' ? (JSON.parse(r.tally) as PairTally) : r.tally;
        book.pairs.set(pairKey(tally.a, tally.b), tally);
      }
    }
    if (players.size > 0) {
      const rows = await queryRows<{ tally: PlayerTally | string }>(
        tx,
        sql`SELECT s.tally FROM security_players s
             WHERE s.user_id IN (${sql.join(
               [...players].map((id) => sql`${id}`),
               sql`, `,
             )})
             FOR UPDATE OF s`,
      );
      for (const r of rows) {
        const tally = typeof r.tally === 'string' ? (JSON.parse(r.tally) as PlayerTally) : r.tally;
        book.players.set(tally.userId, tally);
      }
    }
    return book;
  }

  /** Writes the tallies back with the flags they raise now. */
  private async save(tx: Database, book: TallyMap): Promise<void> {
    const playerOf = (id: number) => book.players.get(id);
    const top = (flags: DetectorFlag[]) => flags.reduce((max, f) => Math.max(max, f.score), 0);
    const pairs = [...book.pairs.values()].map((tally) => {
      const flags = pairFlags(tally, playerOf);
      return { a: tally.a, b: tally.b, hands: tally.hands, tally, flags, top: top(flags) };
    });
    const players = [...book.players.values()].map((tally) => {
      const flags = playerFlags(tally);
      return { id: tally.userId, hands: tally.hands, tally, flags, top: top(flags) };
    });
    if (pairs.length > 0) {
      await tx.execute(
        sql`INSERT INTO security_pairs (user_a, user_b, hands, tally, flags, top_score)
            SELECT r.a, r.b, r.hands, r.tally, r.flags, r.top
              FROM jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb)
                   AS r(a integer, b integer, hands integer, tally jsonb, flags jsonb, top integer)
            ON CONFLICT (user_a, user_b) DO UPDATE
              SET hands = EXCLUDED.hands, tally = EXCLUDED.tally, flags = EXCLUDED.flags,
                  top_score = EXCLUDED.top_score, updated_at = now()`,
      );
    }
    if (players.length > 0) {
      await tx.execute(
        sql`INSERT INTO security_players (user_id, hands, tally, flags, top_score)
            SELECT r.id, r.hands, r.tally, r.flags, r.top
              FROM jsonb_to_recordset(${JSON.stringify(players)}::jsonb)
                   AS r(id integer, hands integer, tally jsonb, flags jsonb, top integer)
            ON CONFLICT (user_id) DO UPDATE
              SET hands = EXCLUDED.hands, tally = EXCLUDED.tally, flags = EXCLUDED.flags,
                  top_score = EXCLUDED.top_score, updated_at = now()`,
      );
    }
  }
}
