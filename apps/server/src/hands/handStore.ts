// Finished hands: written once, inside the transaction that settles them. A hand that is still
// running is never in this table (its deck and hole cards live only in the table runtime's memory).
// Every hand written here is a link of the site's hand chain (handChain.ts): its hash covers the
// hand as stored (chainedHand) and the hash of the hand settled before it.
import { sql } from 'drizzle-orm';
import {
  GENESIS_HASH,
  canonicalJson,
  verifyChain,
  type ChainLink,
  type CommittedDeck,
  type HandRecord,
  type PlayerSeed,
} from '@tenger/engine';
import { queryRows, type Database } from '../db/client.js';

export interface StoredHandPlayer {
  userId: number;
  seat: number;
  net: number;
  /** Chips won from the pots (after rake). */
  won: number;
}

export interface StoredHand {
  handId: string;
  tableId: number;
  handNumber: number;
  startedAt: Date;
  endedAt: Date;
  variant: string;
  /** The house copy: every hole card. Redact before it leaves the server. */
  record: HandRecord;
  /** 1: serverSeed revealed after the hand (old hands). 2: committed deck and players' seeds. */
  fairnessVersion?: 1 | 2;
  /** Version 1 only ('' for version 2). */
  serverSeed: string;
  /** Version 1: SHA-256 of the server seed; version 2: the deck commitment (Merkle root). */
  seedCommitment: string;
  /** Version 1 only ('' for version 2). */
  clientSeed: string;
  /** Version 2: every seat dealt in with its seed ('' when it sent none). */
  playerSeeds?: PlayerSeed[] | null;
  /** Version 2: D and the salts. The operator's audit only: never returned by any API. */
  committedDeck?: CommittedDeck | null;
  /**
   * The house's PHH and PokerStars texts, kept only by hands settled before the texts were rendered on
   * read (hands/handTexts.ts): their chain links hash them. Newer hands store '' (what the chain hashes).
   */
  phh?: string;
  pokerstars?: string;
  totalPot: number;
  rake: number;
  jackpotContribution: number;
  jackpotPayout: number;
  players: StoredHandPlayer[];
  /** The hand's link in the chain (absent for hands settled before the chain existed). */
  chain?: ChainEntry | null;
  /** How long each decision took ({seat, ms} in order), for the security desk; not part of the chain link. */
  decisions?: Array<{ seat: number; ms: number }> | null;
}

export interface ChainEntry {
  seq: number;
  previousHash: string;
  hash: string;
}

/** What a chain link hashes: the hand as stored, with its committed deck and seeds (canonical JSON). */
export function chainedHand(hand: StoredHand): unknown {
  return {
    handId: hand.handId,
    tableId: hand.tableId,
    handNumber: hand.handNumber,
    startedAt: hand.startedAt.toISOString(),
    endedAt: hand.endedAt.toISOString(),
    variant: hand.variant,
    record: hand.record,
    fairness: {
      version: hand.fairnessVersion ?? 1,
      serverSeed: hand.serverSeed,
      seedCommitment: hand.seedCommitment,
      clientSeed: hand.clientSeed,
      playerSeeds: hand.playerSeeds ?? null,
      committedDeck: hand.committedDeck ?? null,
    },
    phh: hand.phh ?? '',
    pokerstars: hand.pokerstars ?? '',
    totalPot: hand.totalPot,
    rake: hand.rake,
    jackpotContribution: hand.jackpotContribution,
    jackpotPayout: hand.jackpotPayout,
    players: [...hand.players].sort((a, b) => a.seat - b.seat),
  };
}

/** The result of re-hashing the chain (admin "Verify chain", npm run verify-chain). */
export type ChainReport =
  | { ok: true; count: number; head: string }
  | {
      ok: false;
      /** Links that held before the break. */
      count: number;
      firstBreak: {
        handId: string | null;
        seq: number;
        reason: 'previous-mismatch' | 'hash-mismatch' | 'malformed' | 'head-mismatch';
      };
    };

export interface HandSummaryRow {
  handId: string;
  handNumber: number;
  startedAt: Date;
  endedAt: Date;
  totalPot: number;
  rake: number;
  winners: { seat: number; userId: number; username: string; amount: number }[];
}

export class HandStore {
  constructor(private readonly db: Database) {}

  /**
   * The hand and its players, inside the settling transaction, and its chain link when that transaction
   * commits: hands chain in the order they commit, site-wide. One statement; the canonical text of the
   * chained record (`chainedHand`) goes to `hand_chain_pending`, whose deferred trigger (migration 0030)
   * locks the chain head at COMMIT, links the hand with PostgreSQL's SHA-256 over exactly the text
   * `handRecordHash` hashes, and forgets the text. Every table's settlement takes that one row: held from
   * a statement until the COMMIT, it waited on the Node process between round trips, and 1,700 tables on
   * two processes queued on it until their connection pools ran dry (bench:load, docs/operations.md).
   */
  async insert(tx: Database, hand: StoredHand): Promise<void> {
    const players = JSON.stringify(hand.players);
    const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
    await tx.execute(
      sql`WITH stored AS (
            INSERT INTO hands (id, table_id, hand_number, started_at, ended_at, variant, record, server_seed,
                               seed_commitment, client_seed, phh, pokerstars, total_pot, rake,
                               jackpot_contribution, jackpot_payout, fairness_version, player_seeds,
                               committed_deck, decisions)
            VALUES (${hand.handId}, ${hand.tableId}, ${hand.handNumber}, ${hand.startedAt.toISOString()},
                    ${hand.endedAt.toISOString()}, ${hand.variant}, ${JSON.stringify(hand.record)}::jsonb,
                    ${hand.serverSeed}, ${hand.seedCommitment}, ${hand.clientSeed}, ${hand.phh ?? ''}, ${hand.pokerstars ?? ''},
                    ${hand.totalPot}, ${hand.rake}, ${hand.jackpotContribution}, ${hand.jackpotPayout},
                    ${hand.fairnessVersion ?? 1}, ${json(hand.playerSeeds)}::jsonb, ${json(hand.committedDeck)}::jsonb,
                    ${json(hand.decisions)}::jsonb)
            RETURNING id
          ),
          pending AS (
            INSERT INTO hand_chain_pending (hand_id, canonical)
            SELECT stored.id, ${canonicalJson(chainedHand(hand))}::text FROM stored
          )
          INSERT INTO hand_players (hand_id, user_id, seat, net, won)
          SELECT stored.id, p."userId", p.seat, p.net, p.won
            FROM stored, jsonb_to_recordset(${players}::jsonb) AS p("userId" integer, seat integer, net bigint, won bigint)`,
    );
  }

  /** Inside a settlement's transaction: whether the hand was stored (settled) already. */
  async isStored(tx: Database, handId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(tx, sql`SELECT id FROM hands WHERE id = ${handId}`);
    return rows.length > 0;
  }

  /** The hand with its players, its table's name and whether it was a tournament's. */
  async get(handId: string): Promise<(StoredHand & { tableName: string; tournament: boolean }) | null> {
    const rows = await queryRows<HandRow>(
      this.db,
      sql`SELECT h.*, t.name AS table_name, t.tournament_id IS NOT NULL AS tournament
            FROM hands h JOIN poker_tables t ON t.id = h.table_id WHERE h.id = ${handId}`,
    );
    const row = rows[0];
    if (!row) return null;
    const players = await queryRows<{
      user_id: number;
      seat: number;
      net: string | number;
      won: string | number;
    }>(
      this.db,
      sql`SELECT user_id, seat, net, won FROM hand_players WHERE hand_id = ${handId} ORDER BY seat`,
    );
    return {
      ...storedHandOf(row),
      tableName: row.table_name,
      tournament: row.tournament === true,
      players: players.map((p) => ({
        userId: Number(p.user_id),
        seat: Number(p.seat),
        net: Number(p.net),
        won: Number(p.won),
      })),
    };
  }

  /** The newest link of the chain: its sequence number, hash and hand (no hand before the first). */
  async chainHead(): Promise<{ seq: number; hash: string; handId: string | null }> {
    const [row] = await queryRows<{ seq: string | number; hash: string; hand_id: string | null }>(
      this.db,
      sql`SELECT seq, hash, hand_id FROM hand_chain_head WHERE id = 1`,
    );
    return { seq: Number(row?.seq ?? 0), hash: row?.hash ?? GENESIS_HASH, handId: row?.hand_id ?? null };
  }

  /**
   * Re-hashes every chained hand in settlement order and reports the first break: a changed hand
   * (hash-mismatch), one removed, inserted or reordered (previous-mismatch), or a head that does not
   * name the last hand (a removed newest hand).
   */
  async verifyChain(pageSize = 500): Promise<ChainReport> {
    let previous = GENESIS_HASH;
    let count = 0;
    let after = 0;
    for (;;) {
      const rows = await queryRows<HandRow>(
        this.db,
        sql`SELECT h.*, '' AS table_name FROM hands h
             WHERE h.chain_seq IS NOT NULL AND h.chain_seq > ${after}
             ORDER BY h.chain_seq LIMIT ${pageSize}`,
      );
      if (rows.length === 0) break;
      const players = await this.playersOf(rows.map((r) => r.id));
      const links: ChainLink[] = rows.map((row) => {
        const hand = { ...storedHandOf(row), players: players.get(row.id) ?? [] };
        return {
          record: chainedHand(hand),
          previousHash: row.previous_hash ?? '',
          hash: row.record_hash ?? '',
        };
      });
      const check = verifyChain(links, previous);
      if (!check.ok) {
        const row = rows[check.index];
        return {
          ok: false,
          count: count + check.index,
          firstBreak: { handId: row.id, seq: Number(row.chain_seq), reason: check.reason },
        };
      }
      previous = check.head;
      count += rows.length;
      after = Number(rows.at(-1)!.chain_seq);
    }
    const head = await this.chainHead();
    if (head.hash !== previous || head.seq !== after) {
      return {
        ok: false,
        count,
        firstBreak: { handId: head.handId, seq: head.seq, reason: 'head-mismatch' },
      };
    }
    return { ok: true, count, head: previous };
  }

  private async playersOf(handIds: string[]): Promise<Map<string, StoredHandPlayer[]>> {
    const byHand = new Map<string, StoredHandPlayer[]>();
    if (handIds.length === 0) return byHand;
    const rows = await queryRows<{
      hand_id: string;
      user_id: number;
      seat: number;
      net: string | number;
      won: string | number;
    }>(
      this.db,
      sql`SELECT hand_id, user_id, seat, net, won FROM hand_players
           WHERE hand_id IN (${sql.join(
             handIds.map((id) => sql`${id}`),
             sql`, `,
           )}) ORDER BY seat`,
    );
    for (const p of rows) {
      const list = byHand.get(p.hand_id) ?? [];
      list.push({ userId: Number(p.user_id), seat: Number(p.seat), net: Number(p.net), won: Number(p.won) });
      byHand.set(p.hand_id, list);
    }
    return byHand;
  }

  /** The latest finished hands of a table, newest first. */
  async latest(tableId: number, limit: number): Promise<HandSummaryRow[]> {
    const rows = await queryRows<{
      id: string;
      hand_number: number;
      started_at: Date | string;
      ended_at: Date | string;
      total_pot: string | number;
      rake: string | number;
      winners: Array<{ seat: number; userId: number; username: string; amount: number }> | string | null;
    }>(
      this.db,
      sql`SELECT h.id, h.hand_number, h.started_at, h.ended_at, h.total_pot, h.rake,
            (SELECT coalesce(json_agg(json_build_object('seat', p.seat, 'userId', p.user_id, 'username', u.username,
                                                        'amount', p.won) ORDER BY p.seat), '[]'::json)
               FROM hand_players p JOIN users u ON u.id = p.user_id
              WHERE p.hand_id = h.id AND p.won > 0) AS winners
          FROM hands h WHERE h.table_id = ${tableId}
          ORDER BY h.hand_number DESC, h.ended_at DESC LIMIT ${limit}`,
    );
    return rows.map((r) => {
      const winners = typeof r.winners === 'string' ? JSON.parse(r.winners) : (r.winners ?? []);
      return {
        handId: r.id,
        handNumber: Number(r.hand_number),
        startedAt: new Date(r.started_at),
        endedAt: new Date(r.ended_at),
        totalPot: Number(r.total_pot),
        rake: Number(r.rake),
        winners: (winners as HandSummaryRow['winners']).map((w) => ({
          seat: Number(w.seat),
          userId: Number(w.userId),
          username: w.username,
          amount: Number(w.amount),
        })),
      };
    });
  }

  /** The last hand number a table used (hand numbers continue across restarts). */
  async lastHandNumber(tableId: number): Promise<number> {
    const [row] = await queryRows<{ n: string | number | null }>(
      this.db,
      sql`SELECT max(hand_number) AS n FROM hands WHERE table_id = ${tableId}`,
    );
    return Number(row?.n ?? 0);
  }

  /** Hands played and rake taken at a table, for the admin session view. */
  async tableTotals(tableId: number): Promise<{ hands: number; rake: number }> {
    const [row] = await queryRows<{ hands: string | number; rake: string | number }>(
      this.db,
      sql`SELECT count(*) AS hands, coalesce(sum(rake), 0) AS rake FROM hands WHERE table_id = ${tableId}`,
    );
    return { hands: Number(row?.hands ?? 0), rake: Number(row?.rake ?? 0) };
  }
}

type HandRow = {
  id: string;
  table_id: number;
  table_name: string;
  /** Only where the query asks for it. */
  tournament?: boolean;
  hand_number: number;
  started_at: Date | string;
  ended_at: Date | string;
  variant: string;
  record: HandRecord | string;
  server_seed: string;
  seed_commitment: string;
  client_seed: string;
  phh: string;
  pokerstars: string;
  total_pot: string | number;
  rake: string | number;
  jackpot_contribution: string | number;
  jackpot_payout: string | number;
  fairness_version: number;
  player_seeds: PlayerSeed[] | string | null;
  committed_deck: CommittedDeck | string | null;
  chain_seq: string | number | null;
  previous_hash: string | null;
  record_hash: string | null;
};

const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

function storedHandOf(row: HandRow): StoredHand {
  return {
    handId: row.id,
    tableId: Number(row.table_id),
    handNumber: Number(row.hand_number),
    startedAt: new Date(row.started_at),
    endedAt: new Date(row.ended_at),
    variant: row.variant,
    record: typeof row.record === 'string' ? (JSON.parse(row.record) as HandRecord) : row.record,
    serverSeed: row.server_seed,
    seedCommitment: row.seed_commitment,
    clientSeed: row.client_seed,
    phh: row.phh,
    pokerstars: row.pokerstars,
    totalPot: Number(row.total_pot),
    rake: Number(row.rake),
    jackpotContribution: Number(row.jackpot_contribution),
    jackpotPayout: Number(row.jackpot_payout),
    fairnessVersion: Number(row.fairness_version) === 2 ? 2 : 1,
    playerSeeds: parsed(row.player_seeds),
    committedDeck: parsed(row.committed_deck),
    players: [],
    chain:
      row.chain_seq === null || row.previous_hash === null || row.record_hash === null
        ? null
        : { seq: Number(row.chain_seq), previousHash: row.previous_hash, hash: row.record_hash },
  };
}
