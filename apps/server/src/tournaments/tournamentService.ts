// The tournament catalogue: an administrator creates and cancels tournaments, players list them, read
// one, register and unregister. Each open tournament runs one TournamentDirector (director.ts) on the
// ledger (LedgerTournamentBank), the database (DatabaseTournamentStore) and live tables hosted by the
// table registry (LiveTournamentTables); the director owns every rule, this only builds and finds it.
import { isTimeZone, namedStructure, nextOccurrenceAfter, payoutTable, type Level } from '@tenger/engine';
import {
  CreateTournamentRequestSchema,
  PAGE_SIZE_DEFAULT,
  type CreateTournamentRequest,
  type MyTournament,
  type MyTournamentPage,
  type UpdateTournamentRequest,
  type TournamentDetail,
  type TournamentStatus,
  type TournamentSummary,
  type TournamentDealRequest,
  type TournamentTicketList,
} from '@tenger/protocol';
import { randomInt } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { recordAudit, type AuditActor } from '../audit/auditLog.js';
import { queryRows, type Database } from '../db/client.js';
import { tournaments, users } from '../db/schema.js';
import { DomainError, notFound, badRequest } from '../errors.js';
import type { Ledger } from '../ledger/ledger.js';
import { systemClock } from '../tables/runtime/clock.js';
import { BotPlayer, seededRandom } from '../tables/runtime/simulation/botPlayer.js';
import { DatabaseBotRoster } from '../tables/runtime/simulation/botRoster.js';
import type { TableRuntime } from '../tables/runtime/tableRuntime.js';
import type { TableLayer } from '../tables/tableLayer.js';
import type { TableRegistry } from '../tables/runtime/tableRegistry.js';
import type { TableCatalogue } from '../tables/tableCatalogue.js';
import type { ClusterBus } from '../cluster/clusterBus.js';
import { NodeCalls } from '../cluster/nodeCalls.js';
import { LocalLeases, type TableLeases } from '../cluster/tableLeases.js';
import { TableOwnership } from '../tables/cluster/tableOwnership.js';
import { DatabaseTournamentStore } from './databaseTournamentStore.js';
import {
  bountyPartOf,
  buyInsOf,
  DirectorStopped,
  TournamentDirector,
  TournamentRefused,
  type CancelOutcome,
} from './director.js';
import { DealRefused } from './finalTableDeal.js';
import { LedgerTicketBank, ticketsOf } from './ledgerTicketBank.js';
import { LedgerTournamentBank } from './ledgerTournamentBank.js';
import { LiveTournamentTables, registryTableHost } from './liveTournamentTables.js';
import {
  holdsTicket,
  refuseRecurringSatellite,
  refuseTargetPriceChange,
  satelliteColumns,
  satelliteSummary,
  withTargetNames,
} from './satelliteCatalogue.js';
import { refundHeldTickets, registerWinner, satellitePayoutTable, type HeldTicket } from './satellites.js';
import { engineLevels, structureProblems } from './tournamentInput.js';
import { entryWindows } from './entryWindows.js';
import type { Clock, Entrant, TournamentConfig, TournamentSnapshot, TournamentTables } from './ports.js';

/** Action time at a tournament's tables when the administrator names none. */
export const DEFAULT_TOURNAMENT_ACTION_SECONDS = 20;
/** The bots' pause before each decision, ms (human pace, like the cash tables' bots). */
export const TOURNAMENT_BOT_PAUSE_MS: [number, number] = [900, 3500];
/** The list shows this many tournaments, newest first. */
const LIST_LIMIT = 200;

const REFUSAL_MESSAGES: Record<TournamentRefused['code'], string> = {
  tournament_closed: 'Registration for this tournament is closed',
  tournament_full: 'This tournament is full',
  already_registered: 'You are already registered in this tournament',
  not_registered: 'You are not registered in this tournament',
  insufficient_funds: 'Your balance does not cover the buy-in and the fee',
  entry_limit: 'You have used every entry this tournament allows',
  rebuy_closed: 'Rebuys are not open now',
  rebuy_limit: 'You have used every rebuy this tournament allows',
  rebuy_stack: 'A rebuy is for a stack at or below the starting stack',
  addon_closed: 'The add-on is not open now',
  no_ticket: 'You hold no ticket for this tournament',
};

const DEAL_REFUSALS: Record<DealRefused['code'], string> = {
  deal_unavailable: 'A deal is not possible now',
  deal_not_proposed: 'There is no deal proposal to answer now',
};

/** What a cancellation did, in the administrator's words (the DELETE's answer and the audit log). */
export function cancellationMessage(outcome: CancelOutcome): string {
  switch (outcome.rule) {
    case 'refund':
      return `Tournament cancelled before the money: ${outcome.refunds} entrants got their buy-in and fee back.`;
    case 'in-the-money':
      return (
        `Tournament cancelled in the money: prizes already paid stand; each of the ${outcome.shares.length} players ` +
        `still in got the smallest unpaid prize (${outcome.smallestUnpaidPrize}) and a share of the rest of the pool by chips ` +
        `(${outcome.shares.map((s) => s.amount).join(', ')}); the fees stay with the house.`
      );
    case 'none':
      return 'Nothing to cancel.';
  }
}

export interface TournamentServiceDeps {
  db: Database;
  ledger: Ledger;
  tables: TableCatalogue;
  tableLayer: TableLayer;
  logger: Logger;
  /** The directors' clock (levels, scheduled starts); the system clock unless a test scripts it. */
  clock?: Clock;
  /** The bots' thinking pause, ms [min, max]. */
  botPauseMs?: [number, number];
  /**
   * The site's processes (services.cluster): leases and fencing tokens for the directors, and the bus
   * that carries a request to the process running a tournament's director.
   */
  cluster?: { shared: boolean; leases: TableLeases; leaseTtlMs: number; claimMs?: number; bus?: ClusterBus };
}

/** A director's lease and fencing token: those of the table id −tournamentId (no table has one). */
const leaseOf = (tournamentId: number) => -tournamentId;

/** How long a request forwarded to the process running the director waits for its answer. */
export const DIRECTOR_CALL_TIMEOUT_MS = 15_000;

/**
 * What any process may ask of a tournament's director. With several processes a request reaching one
 * that does not run the director is forwarded to the one holding its lease (atDirector).
 */
export type DirectorRequest =
  | { op: 'register'; tournamentId: number; userId: number; isBot: boolean; entryNumber?: number }
  | { op: 'unregister'; tournamentId: number; userId: number }
  | { op: 'rebuy'; tournamentId: number; userId: number; rebuyNumber?: number }
  | { op: 'addOn'; tournamentId: number; userId: number }
  | { op: 'deal'; tournamentId: number; userId: number; request: TournamentDealRequest }
  | { op: 'update'; tournamentId: number; change: UpdateTournamentRequest; actor: AuditActor }
  | { op: 'cancel'; tournamentId: number; actor: AuditActor }
  | { op: 'addBots'; tournamentId: number; count: number; actor: AuditActor }
  | { op: 'removeBots'; tournamentId: number; actor: AuditActor };

/** What each request is answered with. */
interface DirectorAnswers {
  register: void;
  unregister: void;
  rebuy: void;
  addOn: void;
  deal: void;
  update: TournamentDetail;
  cancel: CancelOutcome;
  addBots: number;
  removeBots: number;
}
type AnswerOf<R extends DirectorRequest> = DirectorAnswers[R['op']];

/** No process could take the request now (the director's process does not answer, or it is moving). */
const directorAway = (why: string) => new DomainError('unavailable', `${why}; try again in a few seconds`);

type TournamentRow = typeof tournaments.$inferSelect;

/** Open, in play, or with money still to move (the rows `unfinished` finds). */
function needsDirector(row: TournamentRow): boolean {
  if (row.status === 'registering' || row.status === 'running' || row.status === 'break') return true;
  return ((row.snapshot as TournamentSnapshot | null)?.moneyOrders ?? []).length > 0;
}

/** Where the tournament's tables run: the table registry (the only TableLayer that hosts them). */
type TournamentHostLayer = Pick<TableRegistry, 'hostTournamentTable' | 'retireTournamentTable'>;

interface Open {
  row: TournamentRow;
  director: TournamentDirector;
  tables: LiveTournamentTables;
}

export class TournamentService {
  private readonly open = new Map<number, Open>();
  private readonly bank: LedgerTournamentBank;
  /** Satellite tickets (satellites.ts). */
  private readonly ticketBank: LedgerTicketBank;
  private readonly store: DatabaseTournamentStore;
  private readonly clock: Clock;
  /** Bots playing at tournament tables here (each drives one seat; it lets go when it leaves the seat). */
  private readonly bots = new Set<BotPlayer>();
  /** One registration, change or cancellation of a tournament at a time (a change rebuilds its director). */
  private readonly locks = new Map<number, Promise<unknown>>();

  /** The directors run here under leases (−tournamentId in the table leases' store), as tables do. */
  readonly ownership: TableOwnership;
  private claimTimer: NodeJS.Timeout | null = null;
  private claiming = false;
  /** Several processes: requests to and from the processes running other directors. */
  private readonly calls: NodeCalls<DirectorRequest> | null;

  constructor(private readonly deps: TournamentServiceDeps) {
    const cluster = deps.cluster;
    const ttl = cluster?.shared ? cluster.leaseTtlMs : undefined;
    this.ownership = new TableOwnership(
      cluster?.leases ?? new LocalLeases(deps.db, 'local'),
      {
        lost: (lease) => this.lost(-lease),
        warn: (err, message) => deps.logger.warn({ err }, message),
      },
      ttl ? Math.min(2_500, Math.floor(ttl / 3)) : undefined,
      ttl,
    );
    // Every prize, refund and saved state checks the lease's fencing token in its own transaction.
    const fence = (tx: Database, tournamentId: number) => this.ownership.fence(tx, leaseOf(tournamentId));
    this.bank = new LedgerTournamentBank(deps.ledger, fence);
    this.ticketBank = new LedgerTicketBank(deps.ledger, deps.db, fence);
    this.store = new DatabaseTournamentStore(deps.db, fence);
    this.clock = deps.clock ?? systemClock;
    this.calls =
      cluster?.shared && cluster.bus
        ? new NodeCalls<DirectorRequest>(
            cluster.bus,
            'tournament',
            (request) => this.atDirector(request, true),
            {
              timeoutMs: DIRECTOR_CALL_TIMEOUT_MS,
              unanswered: () => directorAway("The tournament's server did not answer"),
              failed: (error) => {
                deps.logger.error({ err: error }, 'a forwarded tournament request failed');
                return directorAway('The tournament could not take the request');
              },
            },
          )
        : null;
  }

  // ---- what any process may ask: answered where the director runs ----------------------------

  /**
   * Buy-in and fee from the player's balance; a Sit & Go that fills starts at once. While late
   * registration is open, a late entry or a re-entry (`entryNumber`: a retry is not charged twice).
   */
  register(tournamentId: number, userId: number, isBot = false, entryNumber?: number): Promise<void> {
    return this.atDirector({ op: 'register', tournamentId, userId, isBot, entryNumber });
  }

  /** A rebuy (buy-in and fee for a starting stack) during the rebuy period; `rebuyNumber` makes a retry free. */
  rebuy(tournamentId: number, userId: number, rebuyNumber?: number): Promise<void> {
    return this.atDirector({ op: 'rebuy', tournamentId, userId, rebuyNumber });
  }

  /** The add-on (once) in the level after the rebuy period. */
  addOn(tournamentId: number, userId: number): Promise<void> {
    return this.atDirector({ op: 'addOn', tournamentId, userId });
  }

  /** The final-table deal: a player asks for one (or takes the ask back), accepts a proposal or declines. */
  deal(tournamentId: number, userId: number, request: TournamentDealRequest): Promise<void> {
    return this.atDirector({ op: 'deal', tournamentId, userId, request });
  }

  /** Buy-in and fee back, while registration is open. */
  unregister(tournamentId: number, userId: number): Promise<void> {
    return this.atDirector({ op: 'unregister', tournamentId, userId });
  }

  /** Changes a tournament before its start (changeHere). */
  update(
    tournamentId: number,
    change: UpdateTournamentRequest,
    actor: AuditActor,
  ): Promise<TournamentDetail> {
    return this.atDirector({ op: 'update', tournamentId, change, actor });
  }

  /** Cancels by the published policy (cancelHere). */
  cancel(tournamentId: number, actor: AuditActor): Promise<CancelOutcome> {
    return this.atDirector({ op: 'cancel', tournamentId, actor });
  }

  /** Fills a tournament with up to `count` marked bots (addBotsHere). Returns how many entered. */
  addBots(tournamentId: number, count: number, actor: AuditActor): Promise<number> {
    return this.atDirector({ op: 'addBots', tournamentId, count, actor });
  }

  /** Takes the tournament's bots out while registration is open (removeBotsHere). */
  removeBots(tournamentId: number, actor: AuditActor): Promise<number> {
    return this.atDirector({ op: 'removeBots', tournamentId, actor });
  }

  /**
   * Answers a request where the tournament's director runs. One process: here. Several: here when this
   * process runs it; forwarded to the process holding its lease when another does (that process's answer
   * or refusal is this one's); when nobody holds it (its process stopped or died and the lease lapsed),
   * this process takes the director over first. A request forwarded here is not forwarded again: if the
   * director moved meanwhile, the asker is told to try again (503 `unavailable`). The money still moves
   * only in the director's ledger transactions, under its fencing token and idempotency keys: a retried
   * request finds the entry made (`already_registered`) rather than making it twice.
   */
  private async atDirector<R extends DirectorRequest>(request: R, forwarded = false): Promise<AnswerOf<R>> {
    const id = request.tournamentId;
    if (!this.calls || this.open.has(id)) return this.here(request);
    let owner = await this.ownership.leases.owner(leaseOf(id));
    if (owner === null) {
      // Nobody runs it: this process takes it over when it needs a director (else the answer is here).
      if (needsDirector(await this.row(id))) await this.exclusive(id, () => this.takeOver(id));
      owner = this.open.has(id) ? this.ownership.nodeId : await this.ownership.leases.owner(leaseOf(id));
    }
    if (owner === null || owner === this.ownership.nodeId) return this.here(request);
    if (forwarded) throw directorAway('The tournament is moving to another server');
    return this.calls.ask<AnswerOf<R>>(owner, request);
  }

  /** Answers a request with the director run here (or the refusal a tournament not run here gets). */
  private here<R extends DirectorRequest>(request: R): Promise<AnswerOf<R>> {
    const r = request as DirectorRequest;
    const answer = (() => {
      switch (r.op) {
        case 'register':
          return this.registerHere(r.tournamentId, r.userId, r.isBot, r.entryNumber);
        case 'unregister':
          return this.unregisterHere(r.tournamentId, r.userId);
        case 'rebuy':
          return this.rebuyHere(r.tournamentId, r.userId, r.rebuyNumber);
        case 'addOn':
          return this.addOnHere(r.tournamentId, r.userId);
        case 'deal':
          return this.dealHere(r.tournamentId, r.userId, r.request);
        case 'update':
          return this.updateHere(r.tournamentId, r.change, r.actor);
        case 'cancel':
          return this.cancelHere(r.tournamentId, r.actor);
        case 'addBots':
          return this.addBotsHere(r.tournamentId, r.count, r.actor);
        case 'removeBots':
          return this.removeBotsHere(r.tournamentId, r.actor);
      }
    })();
    return answer as Promise<AnswerOf<R>>;
  }

  /**
   * Start-up: every tournament registering, running or on a break gets its director back from the
   * saved snapshot. Registrations (and their money, in the pool) survive; a running tournament
   * resumes (director.resume): its tables run again with the stacks the voided hands began with, the
   * level with the time it had left. A finished or cancelled one whose money was still moving when the
   * process stopped has it moved now (its keys make a repeat move nothing).
   */
  async start(): Promise<void> {
    if (this.deps.cluster?.shared) {
      // Several processes: each director is taken by whichever process finds it without an owner.
      await this.claimRound();
      this.claimTimer = setInterval(() => void this.claimRound(), this.deps.cluster.claimMs ?? 2_000);
      this.claimTimer.unref();
      return;
    }
    for (const row of await this.unfinished()) await this.exclusive(row.id, () => this.takeOver(row.id));
  }

  /** Tournaments that need a director: open, in play, or with money still to move. */
  private async unfinished(): Promise<Array<{ id: number }>> {
    return queryRows<{ id: number }>(
      this.deps.db,
      sql`SELECT id FROM tournaments
          WHERE status IN ('scheduled', 'registering', 'running', 'break')
             OR (status IN ('finished', 'cancelled') AND jsonb_array_length(coalesce(snapshot->'moneyOrders', '[]'::jsonb)) > 0)
          ORDER BY id`,
    );
  }

  /**
   * One round of the cluster's claim loop: every tournament that needs a director and whose lease
   * nobody holds (its process died: the lease lapsed) is taken over here, resumed from its snapshot.
   */
  private async claimRound(): Promise<void> {
    if (this.claiming) return;
    this.claiming = true;
    try {
      for (const { id } of await this.unfinished()) {
        const tournamentId = Number(id);
        if (this.open.has(tournamentId)) continue;
        if (await this.ownership.leases.owner(leaseOf(tournamentId))) continue;
        await this.exclusive(tournamentId, () => this.takeOver(tournamentId));
      }
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'tournament claim round failed');
    } finally {
      this.claiming = false;
    }
  }

  /**
   * Takes the tournament's lease and runs its director here from the saved snapshot (read after the
   * lease is ours, so it is the last one the previous director could save): registrations come back,
   * a running tournament resumes (its tables run again with the stacks the voided hands began with,
   * the level with the time it had left), money decided but not moved is moved.
   */
  private async takeOver(tournamentId: number): Promise<void> {
    if (this.open.has(tournamentId)) return;
    if (!(await this.ownership.acquire(leaseOf(tournamentId)))) return;
    this.store.forget(tournamentId);
    try {
      const row = await this.row(tournamentId);
      const snapshot = (row.snapshot as TournamentSnapshot | null) ?? undefined;
      if (row.status === 'registering' || row.status === 'scheduled') {
        this.launch(row, snapshot);
        return;
      }
      await this.scheduleNext(row);
      const inPlay = row.status === 'running' || row.status === 'break';
      if (!snapshot || (!inPlay && (snapshot.moneyOrders ?? []).length === 0)) {
        await this.ownership.release(leaseOf(tournamentId));
        return;
      }
      if (inPlay) await this.retireStrayTables(row.id, snapshot);
      const live = this.launch(row, snapshot);
      await live.director.resume();
      this.deps.logger.info({ tournamentId, status: live.director.state }, 'resumed a tournament');
      this.forgetIfDone(row.id);
    } catch (error) {
      this.deps.logger.error({ err: error, tournamentId }, 'could not resume a tournament');
      this.lost(tournamentId);
      await this.ownership.release(leaseOf(tournamentId));
    }
  }

  /** The director's lease went to another process (or could not be renewed): it stops here at once. */
  private lost(tournamentId: number): void {
    const live = this.open.get(tournamentId);
    if (!live) return;
    live.director.stop();
    live.tables.stopAll();
    this.open.delete(tournamentId);
    this.store.forget(tournamentId);
    this.deps.logger.warn({ tournamentId }, 'lost the lease of a tournament: stopped its director here');
  }

  /** Tables of the tournament the snapshot does not know (opened or closing when the process stopped). */
  private async retireStrayTables(tournamentId: number, snapshot: TournamentSnapshot): Promise<void> {
    const known = new Set(snapshot.tables.map((t) => t.tableId));
    const stray = (await this.deps.tables.list()).filter(
      (t) => t.tournamentId === tournamentId && !known.has(t.id),
    );
    for (const table of stray) await this.deps.tables.remove(table.id);
  }

  /** Stops every director and its tables here (shutdown); the snapshots resume them. */
  close(): void {
    if (this.claimTimer) clearInterval(this.claimTimer);
    this.claimTimer = null;
    this.calls?.close();
    for (const { director, tables } of this.open.values()) {
      director.stop();
      tables.stopAll();
    }
    this.open.clear();
    for (const bot of [...this.bots]) bot.detach();
    // Another process may take the directors over at once.
    void this.ownership.releaseAll();
  }

  async create(input: CreateTournamentRequest, actor: AuditActor): Promise<TournamentDetail> {
    const levels = this.levelsOf(input);
    checkFormatsAgainst(input, levels);
    const startsAt = input.startsAt ? new Date(input.startsAt) : null;
    if (startsAt && startsAt.getTime() <= this.clock.now())
      throw badRequest('The start must be in the future', { startsAt: 'Must be in the future' });
    const satellite = await satelliteColumns(this.deps.db, input.targetId, null);
    refuseRecurringSatellite(satellite.targetId, input.recurrence);
    const row = await this.deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(tournaments)
        .values({
          name: input.name,
          kind: input.kind,
          variant: input.variant,
          betting: input.betting ?? (input.variant === 'omaha' ? 'pot-limit' : 'no-limit'),
          buyIn: input.buyIn,
          fee: input.fee,
          startingStack: input.startingStack,
          tableSize: input.tableSize,
          minEntrants: input.minEntrants,
          maxEntrants: input.maxEntrants,
          startsAt,
          levels,
          actionSeconds: input.actionSeconds ?? DEFAULT_TOURNAMENT_ACTION_SECONDS,
          ...scheduledFormatsOf(input),
          ...satellite,
          createdBy: actor.actorId,
        })
        .returning();
      await recordAudit(tx as unknown as Database, {
        ...actor,
        action: 'tournament.create',
        targetType: 'tournament',
        targetId: created!.id,
        summary: `created ${input.kind} "${input.name}": buy-in ${input.buyIn} + ${input.fee}, ${input.startingStack} chips, ${input.minEntrants}-${input.maxEntrants} entrants${formatsSummary(input)}`,
        coded: {
          code: 'tournament.create',
          params: { name: input.name, buyIn: input.buyIn, fee: input.fee, chips: input.startingStack },
        },
      });
      return created!;
    });
    await this.ownership.acquire(leaseOf(row.id));
    this.launch(row);
    return this.detail(row.id, null);
  }

  /**
   * Changes a tournament before its start. The changed tournament must be a valid create request; buy-in
   * and fee stay once anyone has entered; a Sit & Go's field may not shrink to (or below) its entrants.
   * The director is rebuilt on the new settings with its entries.
   */
  private updateHere(
    tournamentId: number,
    change: UpdateTournamentRequest,
    actor: AuditActor,
  ): Promise<TournamentDetail> {
    return this.exclusive(tournamentId, async () => {
      const live = await this.openOne(tournamentId);
      await live.director.idle();
      if (live.director.state !== 'registering' && live.director.state !== 'scheduled')
        throw new DomainError('tournament_closed', 'The tournament has started: it can no longer be changed');
      // A scheduled start may not fire while the change is made; a refused change arms it again.
      live.director.holdStart();
      try {
        return await this.change(live, change, actor);
      } catch (error) {
        live.director.open();
        throw error;
      }
    });
  }

  private async change(
    live: Open,
    change: UpdateTournamentRequest,
    actor: AuditActor,
  ): Promise<TournamentDetail> {
    const tournamentId = live.row.id;
    const row = await this.row(tournamentId);
    const entrants = live.director.players().length;
    if (entrants > 0 && ((change.buyIn ?? row.buyIn) !== row.buyIn || (change.fee ?? row.fee) !== row.fee))
      throw new DomainError('conflict', 'Players have entered: the buy-in and fee can no longer change');
    if ((change.buyIn ?? row.buyIn) !== row.buyIn || (change.fee ?? row.fee) !== row.fee)
      await refuseTargetPriceChange(this.deps.db, tournamentId);
    const current: CreateTournamentRequest = {
      name: row.name,
      kind: row.kind,
      variant: row.variant,
      betting: row.betting,
      buyIn: row.buyIn,
      fee: row.fee,
      startingStack: row.startingStack,
      tableSize: row.tableSize,
      minEntrants: row.minEntrants,
      maxEntrants: row.maxEntrants,
      startsAt: row.startsAt ? row.startsAt.toISOString() : null,
      levels: (row.levels as Level[]).map((l) => ({ ...l })),
      actionSeconds: row.actionSeconds,
      registrationOpensAt: row.registrationOpensAt ? row.registrationOpensAt.toISOString() : null,
      lateRegLevels: row.lateRegLevels,
      maxEntries: row.maxEntries,
      rebuyLevels: row.rebuyLevels,
      maxRebuys: row.maxRebuys,
      addOn: row.addOn,
      guarantee: row.guarantee,
      recurrence: row.recurrence,
      timeZone: row.timeZone,
      featured: row.featured,
      bountyPercent: row.bountyPercent,
      dealKeptPercent: row.dealKeptPercent,
      targetId: row.targetId,
    };
    const merged = { ...current, ...change };
    if (change.structure !== undefined) delete merged.levels;
    const checked = CreateTournamentRequestSchema.safeParse(merged);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues)
        fields[issue.path.map(String).join('.') || 'request'] ??= issue.message;
      throw badRequest(checked.error.issues[0]!.message, fields);
    }
    const next = checked.data;
    const minimum = next.kind === 'sng' && !next.startsAt ? entrants + 1 : entrants;
    if (next.maxEntrants < minimum)
      throw badRequest('Fewer places than entrants', { maxEntrants: `At least ${minimum}` });
    const levels = this.levelsOf(next);
    checkFormatsAgainst(next, levels);
    const startsAt = next.startsAt ? new Date(next.startsAt) : null;
    if (startsAt && change.startsAt !== undefined && startsAt.getTime() <= this.clock.now())
      throw badRequest('The start must be in the future', { startsAt: 'Must be in the future' });
    const satellite =
      next.targetId === row.targetId && change.targetId === undefined
        ? { targetId: row.targetId, ticketValue: row.ticketValue }
        : await satelliteColumns(this.deps.db, next.targetId, tournamentId);
    refuseRecurringSatellite(satellite.targetId, next.recurrence);
    const updated = await this.deps.db.transaction(async (tx) => {
      const [saved] = await tx
        .update(tournaments)
        .set({
          name: next.name,
          kind: next.kind,
          variant: next.variant,
          betting: next.betting ?? (next.variant === 'omaha' ? 'pot-limit' : 'no-limit'),
          buyIn: next.buyIn,
          fee: next.fee,
          startingStack: next.startingStack,
          tableSize: next.tableSize,
          minEntrants: next.minEntrants,
          maxEntrants: next.maxEntrants,
          startsAt,
          levels,
          actionSeconds: next.actionSeconds ?? DEFAULT_TOURNAMENT_ACTION_SECONDS,
          ...scheduledFormatsOf(next),
          ...satellite,
        })
        .where(eq(tournaments.id, tournamentId))
        .returning();
      await recordAudit(tx as unknown as Database, {
        ...actor,
        action: 'tournament.update',
        targetType: 'tournament',
        targetId: tournamentId,
        summary: `changed "${row.name}": ${Object.keys(change).sort().join(', ') || 'nothing'}`,
        coded: {
          code: 'tournament.update',
          params: { name: row.name, fields: Object.keys(change).sort().join(', ') || '-' },
        },
      });
      return saved!;
    });
    live.director.stop();
    const snapshot = live.director.snapshot();
    const relaunched = this.launch(updated, { ...snapshot, config: this.configOf(updated) });
    await this.store.save(relaunched.director.snapshot());
    return this.detail(tournamentId, null);
  }

  async list(viewerId: number | null): Promise<TournamentSummary[]> {
    const rows = await this.deps.db
      .select()
      .from(tournaments)
      .orderBy(desc(tournaments.id))
      .limit(LIST_LIMIT);
    const ids = rows.map((r) => r.id);
    const counts = new Map<number, { entrants: number; registered: boolean }>();
    if (ids.length > 0) {
      const found = await queryRows<{ id: number; entrants: string | number; registered: boolean }>(
        this.deps.db,
        sql`SELECT tournament_id AS id, count(*) AS entrants,
                   coalesce(bool_or(user_id = ${viewerId ?? 0}), false) AS registered
            FROM tournament_entries WHERE tournament_id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
            GROUP BY tournament_id`,
      );
      for (const c of found)
        counts.set(Number(c.id), { entrants: Number(c.entrants), registered: Boolean(c.registered) });
    }
    const summaries = rows.map((row) => {
      const live = this.open.get(row.id);
      if (live) return this.summaryOf(row, live.director.players(), live.director.state, viewerId);
      const c = counts.get(row.id) ?? { entrants: 0, registered: false };
      return {
        ...this.summaryFields(row, row.status, c.entrants),
        registered: c.registered,
      };
    });
    return withTargetNames(this.deps.db, summaries);
  }

  /**
   * The player's own tournaments (the profile's list), newest entry first: what each cost, the field, and
   * the place and prize once out. Read from the entries the director saves with every step.
   */
  async mine(userId: number, paging: { page?: number; pageSize?: number }): Promise<MyTournamentPage> {
    const page = paging.page ?? 1;
    const pageSize = paging.pageSize ?? PAGE_SIZE_DEFAULT;
    const [[counted], rows] = await Promise.all([
      queryRows<{ total: string | number }>(
        this.deps.db,
        sql`SELECT count(*) AS total FROM tournament_entries WHERE user_id = ${userId}`,
      ),
      queryRows<{
        id: number;
        name: string;
        kind: MyTournament['kind'];
        variant: MyTournament['variant'];
        betting: MyTournament['betting'];
        status: MyTournament['status'];
        buy_in: string | number;
        fee: string | number;
        entrants: string | number;
        registered_at: Date | string;
        finished_at: Date | string | null;
        place: number | null;
        prize: string | number;
      }>(
        this.deps.db,
        sql`SELECT t.id, t.name, t.kind, t.variant, t.betting, t.status, t.buy_in, t.fee, t.finished_at,
                   e.registered_at, e.place, e.prize,
                   (SELECT count(*) FROM tournament_entries c WHERE c.tournament_id = t.id) AS entrants
            FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id
            WHERE e.user_id = ${userId}
            ORDER BY e.registered_at DESC, t.id DESC
            LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      ),
    ]);
    const iso = (at: Date | string) => new Date(at).toISOString();
    return {
      items: rows.map((r) => ({
        tournamentId: Number(r.id),
        name: r.name,
        kind: r.kind,
        variant: r.variant,
        betting: r.betting,
        status: this.open.get(Number(r.id))?.director.state ?? r.status,
        buyIn: Number(r.buy_in),
        fee: Number(r.fee),
        entrants: Number(r.entrants),
        registeredAt: iso(r.registered_at),
        finishedAt: r.finished_at === null ? null : iso(r.finished_at),
        place: r.place === null ? null : Number(r.place),
        prize: Number(r.prize),
      })),
      total: Number(counted?.total ?? 0),
      page,
      pageSize,
    };
  }

  /** The player's satellite tickets, newest first (the profile's Tickets list). */
  tickets(userId: number): Promise<TournamentTicketList> {
    return ticketsOf(this.deps.db, userId);
  }

  async detail(tournamentId: number, viewerId: number | null): Promise<TournamentDetail> {
    const row = await this.row(tournamentId);
    const live = this.open.get(tournamentId);
    const snapshot = row.snapshot as TournamentSnapshot | null;
    const players = live?.director.players() ?? snapshot?.entrants ?? [];
    const status = live?.director.state ?? row.status;
    const levelIndex = live ? live.director.snapshot().levelIndex : (snapshot?.levelIndex ?? 0);
    const levels = row.levels as Level[];
    const inPlay = status === 'running' || status === 'break';
    const names = await this.usernames(players.map((p) => p.userId));
    // Another process runs the director (several processes): its last saved state, saved each step
    // and its level clock every second.
    const tableIds =
      live?.director.tableIds() ?? (inPlay ? (snapshot?.tables.map((t) => t.tableId) ?? []) : []);
    const levelEndsAt = live ? live.director.levelEnds : this.clock.now() + (snapshot?.levelRemainingMs ?? 0);
    const [summary] = await withTargetNames(this.deps.db, [this.summaryOf(row, players, status, viewerId)]);
    const director = live?.director;
    const ticketHeld = viewerId !== null && (await holdsTicket(this.deps.db, viewerId, tournamentId));
    return {
      ...summary!,
      collected: prizePoolPart(row, players),
      bountyPool: players.reduce((sum, p) => sum + buyInsOf(p), 0) * bountyPartOf(row),
      overlay: director?.overlay ?? snapshot?.overlay ?? 0,
      // Here or not, the director's own answer: another process reads the windows off the snapshot
      // the director saves with every step (its level and status), never a copy of its own.
      ...(director
        ? {
            lateRegistrationOpen: director.lateRegistrationOpen,
            rebuysOpen: director.rebuysOpen,
            addOnOpen: director.addOnOpen,
          }
        : entryWindows(row, status, levelIndex)),
      levels: levels.map((l) => ({
        level: l.level,
        smallBlind: l.smallBlind,
        bigBlind: l.bigBlind,
        ante: l.ante,
        seconds: l.seconds,
        isBreak: l.isBreak,
      })),
      level: levels[levelIndex]?.level ?? 1,
      levelEndsAt: inPlay && (live || snapshot) ? new Date(levelEndsAt).toISOString() : null,
      payouts:
        players.length >= 2
          ? (satellitePayoutTable(this.configOf(row), players.length, summary!.prizePool) ??
            payoutTable(players.length, summary!.prizePool))
          : [],
      ticketHeld,
      players: players
        .map((p) => ({
          userId: p.userId,
          username: names.get(p.userId) ?? '',
          stack: p.stack,
          tableId: p.tableId,
          seat: p.seat,
          place: p.place,
          prize: p.prize,
          bot: p.isBot,
          entries: p.entries ?? 1,
          rebuys: p.rebuys ?? 0,
          addOn: p.addOn ?? false,
          busted: p.busted ?? false,
          bounty: p.bounty ?? 0,
          bountiesWon: p.bountiesWon ?? 0,
        }))
        .sort((a, b) => (a.place ?? 0) - (b.place ?? 0) || b.stack - a.stack || a.userId - b.userId),
      tables: tableIds.map((tableId) => ({
        tableId,
        players: players.filter((p) => p.tableId === tableId && p.place === null).length,
      })),
      handForHand: live?.director.isHandForHand ?? snapshot?.handForHand ?? false,
    };
  }

  private registerHere(
    tournamentId: number,
    userId: number,
    isBot: boolean,
    entryNumber?: number,
  ): Promise<void> {
    return this.exclusive(tournamentId, async () => {
      const live = await this.openOne(tournamentId);
      // A satellite ticket for this tournament pays the entry instead of the balance.
      const withTicket = await holdsTicket(this.deps.db, userId, tournamentId);
      await this.refusals(() => live.director.register(userId, isBot, entryNumber, withTicket));
      this.forgetIfDone(tournamentId);
    });
  }

  /** A rebuy (buy-in and fee for a starting stack) during the rebuy period; `rebuyNumber` makes a retry free. */
  private rebuyHere(tournamentId: number, userId: number, rebuyNumber?: number): Promise<void> {
    return this.exclusive(tournamentId, async () => {
      const live = await this.openOne(tournamentId);
      await this.refusals(() => live.director.rebuy(userId, rebuyNumber));
    });
  }

  /** The add-on (once) in the level after the rebuy period. */
  private addOnHere(tournamentId: number, userId: number): Promise<void> {
    return this.exclusive(tournamentId, async () => {
      const live = await this.openOne(tournamentId);
      await this.refusals(() => live.director.addOn(userId));
    });
  }

  /** A deal's ask or answer at the director (finalTableDeal.ts); an agreed deal with nothing kept ends it. */
  private dealHere(tournamentId: number, userId: number, request: TournamentDealRequest): Promise<void> {
    return this.exclusive(tournamentId, async () => {
      const live = await this.openOne(tournamentId);
      await this.refusals(() => {
        switch (request.action) {
          case 'ask':
          case 'withdraw':
            return live.director.askDeal(userId, request.action === 'ask');
          case 'accept':
            return live.director.answerDeal(userId, request.choice);
          case 'decline':
            return live.director.answerDeal(userId, 'decline');
        }
      });
      this.forgetIfDone(tournamentId);
    });
  }

  /**
   * A recurring schedule's next instance, created once (its `previous_id` is unique) when this one
   * starts (or is cancelled at its start): the same settings one day or week later by the schedule's
   * time zone's wall clock, registration opening as long before its start as this one's did.
   */
  private async scheduleNext(row: TournamentRow): Promise<void> {
    if (!row.recurrence || !row.startsAt || !row.timeZone) return;
    try {
      const startsAt = nextOccurrenceAfter(
        row.startsAt.getTime(),
        row.recurrence,
        row.timeZone,
        this.clock.now(),
      );
      const opensAt = row.registrationOpensAt
        ? startsAt - (row.startsAt.getTime() - row.registrationOpensAt.getTime())
        : null;
      const { id: _id, status: _s, snapshot: _snap, createdAt: _c, finishedAt: _f, ...settings } = row;
      const [created] = await this.deps.db
        .insert(tournaments)
        .values({
          ...settings,
          startsAt: new Date(startsAt),
          registrationOpensAt: opensAt === null ? null : new Date(opensAt),
          previousId: row.id,
        })
        .onConflictDoNothing({ target: tournaments.previousId })
        .returning();
      if (!created) return;
      await recordAudit(this.deps.db, {
        actorId: null,
        actorName: 'system',
        ip: '',
        action: 'tournament.create',
        targetType: 'tournament',
        targetId: created.id,
        summary: `the ${row.recurrence} schedule of "${row.name}" (#${row.id}) created its next instance for ${new Date(startsAt).toISOString()}`,
        coded: {
          code: 'tournament.schedule_next',
          params: { name: row.name, tournamentId: row.id, startsAt: new Date(startsAt).toISOString() },
        },
      });
      if (await this.ownership.acquire(leaseOf(created.id))) this.launch(created);
    } catch (error) {
      this.deps.logger.error(
        { err: error, tournamentId: row.id },
        'could not create the next instance of a schedule',
      );
    }
  }

  private unregisterHere(tournamentId: number, userId: number): Promise<void> {
    return this.exclusive(tournamentId, async () => {
      const live = await this.openOne(tournamentId);
      await this.refusals(() => live.director.unregister(userId));
    });
  }

  /**
   * A player excluded themself: every registration still open is refunded (buy-in and fee back).
   * Tournaments already running keep the entry (its chips belong to the tournament). Returns how many.
   */
  async unregisterEverywhere(userId: number): Promise<number> {
    let refunded = 0;
    // Every process's tournaments (the entries each director saves), each asked where its director runs.
    const open = await queryRows<{ id: number }>(
      this.deps.db,
      sql`SELECT t.id FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id
          WHERE e.user_id = ${userId} AND t.status = 'registering' ORDER BY t.id`,
    );
    for (const { id } of open) {
      await this.unregister(Number(id), userId).then(
        () => refunded++,
        () => undefined,
      );
    }
    return refunded;
  }

  /**
   * Cancels by the published policy (director.cancel). A tournament saved as running that no director
   * runs here (the server restarted) is cancelled from its snapshot: its tables are only retired.
   */
  private cancelHere(tournamentId: number, actor: AuditActor): Promise<CancelOutcome> {
    return this.exclusive(tournamentId, async () => {
      // The live director is taken before anything is awaited: a hand in play may finish the
      // tournament meanwhile (its director is then forgotten here and its lease released), and a
      // director built from the row read before that would cancel from a stale snapshot.
      const live = this.open.get(tournamentId);
      const row = await this.row(tournamentId);
      const closed = (status: string) =>
        new DomainError('tournament_closed', `The tournament is ${status} already`);
      if (!live && (row.status === 'finished' || row.status === 'cancelled')) throw closed(row.status);
      if (!live && !(await this.ownership.acquire(leaseOf(tournamentId))))
        throw directorAway('Another server process runs this tournament');
      const director =
        live?.director ??
        new TournamentDirector(
          this.configOf(row),
          {
            clock: this.clock,
            bank: this.bank,
            store: this.store,
            tables: this.retiringTables(),
            satellite: { bank: this.ticketBank },
            statusChanged: (status) => this.ticketsOver(tournamentId, status),
          },
          (row.snapshot as TournamentSnapshot | null) ?? undefined,
        );
      const before = director.state;
      let outcome: CancelOutcome;
      try {
        // Queued behind the step of any hand that finished first (the director runs one step at a time).
        outcome = await director.cancel();
      } catch (error) {
        if (!(error instanceof DirectorStopped)) throw error;
        // That hand finished the tournament (its director stopped once done), or the lease went away.
        if (director.state === 'finished' || director.state === 'cancelled') throw closed(director.state);
        throw directorAway('The tournament is moving to another server');
      }
      director.stop();
      this.open.get(tournamentId)?.tables.stopAll();
      this.open.delete(tournamentId);
      await this.ownership.release(leaseOf(tournamentId));
      if (outcome.rule === 'none') throw closed(director.state);
      await recordAudit(this.deps.db, {
        ...actor,
        action: 'tournament.cancel',
        targetType: 'tournament',
        targetId: tournamentId,
        summary: `cancelled "${row.name}" (${before}, ${director.players().length} entrants): ${cancellationMessage(outcome)}`,
        coded: {
          code: 'tournament.cancel',
          params: { name: row.name, entrants: director.players().length },
        },
      });
      return outcome;
    });
  }

  /**
   * Fills a tournament with up to `count` marked bots, each entering with the house's bot bankroll
   * (a Sit & Go that fills starts at once). Returns how many entered.
   */
  private addBotsHere(tournamentId: number, count: number, actor: AuditActor): Promise<number> {
    return this.exclusive(tournamentId, async () => {
      const live = await this.openOne(tournamentId);
      if (live.director.state !== 'registering')
        throw new DomainError('tournament_closed', 'Registration for this tournament is closed');
      const room = live.row.maxEntrants - live.director.players().length;
      if (room <= 0) throw new DomainError('tournament_full', REFUSAL_MESSAGES.tournament_full);
      const busy = new Set<number>();
      for (const open of this.open.values())
        for (const e of open.director.players()) if (e.isBot) busy.add(e.userId);
      const botIds = await new DatabaseBotRoster(this.deps.db).freeBots(Math.min(count, room), busy);
      // One director step for the batch: one snapshot saved, not one per bot (a field of 10,000).
      let entered = 0;
      await this.refusals(async () => {
        entered = (await live.director.registerMany(botIds, true)).length;
      });
      this.forgetIfDone(tournamentId);
      await recordAudit(this.deps.db, {
        ...actor,
        action: 'simulation.start',
        targetType: 'tournament',
        targetId: tournamentId,
        summary: `${entered} bots registered in "${live.row.name}"`,
        coded: { code: 'tournament.bots_register', params: { bots: entered, name: live.row.name } },
      });
      return entered;
    });
  }

  /** Takes the tournament's bots out (their entries refunded to the bot bankroll) while registration is open. */
  private removeBotsHere(tournamentId: number, actor: AuditActor): Promise<number> {
    return this.exclusive(tournamentId, async () => {
      const live = await this.openOne(tournamentId);
      if (live.director.state !== 'registering')
        throw new DomainError('tournament_closed', 'Registration for this tournament is closed');
      const bots = live.director.players().filter((e) => e.isBot);
      for (const bot of bots) await this.refusals(() => live.director.unregister(bot.userId));
      await recordAudit(this.deps.db, {
        ...actor,
        action: 'simulation.stop',
        targetType: 'tournament',
        targetId: tournamentId,
        summary: `${bots.length} bots unregistered from "${live.row.name}"`,
        coded: { code: 'tournament.bots_unregister', params: { bots: bots.length, name: live.row.name } },
      });
      return bots.length;
    });
  }

  /** The live director (tests and the simulation drive its tables). */
  directorOf(tournamentId: number): TournamentDirector | null {
    return this.open.get(tournamentId)?.director ?? null;
  }

  tablesOf(tournamentId: number): LiveTournamentTables | null {
    return this.open.get(tournamentId)?.tables ?? null;
  }

  // ---- building ------------------------------------------------------------------------------

  private launch(row: TournamentRow, snapshot?: TournamentSnapshot): Open {
    const layer = this.deps.tableLayer as Partial<TournamentHostLayer>;
    if (!layer.hostTournamentTable || !layer.retireTournamentTable)
      throw new Error('tournaments need the table registry to host their tables');
    const host = registryTableHost(
      layer as TournamentHostLayer,
      this.deps.tables,
      {
        name: row.name,
        variant: row.variant,
        betting: row.betting,
        startingStack: row.startingStack,
        tableSize: row.tableSize,
        actionSeconds: row.actionSeconds,
      },
      this.deps.logger,
      this.deps.db,
    );
    const tables = new LiveTournamentTables(host);
    let nextDue = Boolean(row.recurrence);
    const director = new TournamentDirector(
      this.configOf(row),
      {
        clock: this.clock,
        bank: this.bank,
        store: this.store,
        tables,
        // Once registration is over (the start, or a cancellation at it): the schedule's next instance,
        // created within the director's step (scheduleNext logs its own errors), so `idle()` covers it.
        statusChanged: async (status) => {
          if (nextDue && status !== 'scheduled' && status !== 'registering') {
            nextDue = false;
            await this.scheduleNext(row);
          }
          await this.ticketsOver(row.id, status);
        },
        satellite: { bank: this.ticketBank, won: (ticket) => this.ticketWon(ticket) },
      },
      snapshot,
    );
    tables.onSeated = (runtime, player) => {
      if (player.isBot) this.driveBot(runtime, player.userId);
    };
    tables.onHand = async (report) => {
      await director.handFinished(report);
      this.forgetIfDone(row.id);
    };
    tables.news = director;
    director.open();
    const live = { row, director, tables };
    this.open.set(row.id, live);
    return live;
  }

  /** Tickets for a tournament that was cancelled or is over can no longer be used: cash back. */
  private async ticketsOver(tournamentId: number, status: TournamentStatus): Promise<void> {
    if (status === 'cancelled' || status === 'finished')
      await refundHeldTickets(this.ticketBank, tournamentId);
  }

  /** A satellite's ticket was won: the winner is registered into the target now if it registers (else keeps it). */
  private async ticketWon(ticket: HeldTicket): Promise<void> {
    const registered = await registerWinner(
      (userId, isBot) => this.register(ticket.targetId, userId, isBot),
      ticket,
    );
    // A target cancelled or finished before its satellite ended: the ticket could never be used, cash now
    // (under the satellite's fence: this runs in its director's step).
    const target = registered ? null : await this.row(ticket.targetId);
    if (target && (target.status === 'cancelled' || target.status === 'finished'))
      await this.ticketBank.refundTicket(ticket, `${ticket.key}:refund`, ticket.satelliteId);
    this.deps.logger.info(
      { tournamentId: ticket.satelliteId, targetId: ticket.targetId, userId: ticket.userId, registered },
      registered
        ? 'a satellite winner was registered with the ticket'
        : 'a satellite winner keeps the ticket',
    );
  }

  /** A bot seated at a tournament table plays it (moved or busted, it lets go; the next table gets a new one). */
  private driveBot(runtime: TableRuntime, userId: number): void {
    const bot = new BotPlayer(
      userId,
      runtime,
      { pauseMs: this.deps.botPauseMs ?? TOURNAMENT_BOT_PAUSE_MS, random: seededRandom(randomInt(2 ** 31)) },
      (gone) => this.bots.delete(gone),
    );
    this.bots.add(bot);
    bot.resume();
  }

  private configOf(row: TournamentRow): TournamentConfig {
    return {
      tournamentId: row.id,
      name: row.name,
      kind: row.kind,
      buyIn: row.buyIn,
      fee: row.fee,
      startingStack: row.startingStack,
      tableSize: row.tableSize,
      minEntrants: row.minEntrants,
      maxEntrants: row.maxEntrants,
      startsAt: row.startsAt ? row.startsAt.getTime() : null,
      levels: row.levels as Level[],
      registrationOpensAt: row.registrationOpensAt ? row.registrationOpensAt.getTime() : null,
      lateRegLevels: row.lateRegLevels,
      maxEntries: row.maxEntries,
      rebuyLevels: row.rebuyLevels,
      maxRebuys: row.maxRebuys,
      addOn: row.addOn,
      guarantee: row.guarantee,
      bountyPercent: row.bountyPercent,
      dealKeptPercent: row.dealKeptPercent,
      satellite:
        row.targetId !== null && row.ticketValue !== null
          ? { targetId: row.targetId, ticketValue: row.ticketValue }
          : undefined,
    };
  }

  /** The tables port of a tournament cancelled from its snapshot: nothing plays; closing retires the row. */
  private retiringTables(): TournamentTables {
    const retire = (tableId: number) => {
      const layer = this.deps.tableLayer as Partial<TournamentHostLayer>;
      const done = layer.retireTournamentTable?.(tableId) ?? this.deps.tables.remove(tableId);
      done.catch((err: unknown) =>
        this.deps.logger.warn({ err, tableId }, 'could not retire a tournament table'),
      );
    };
    return {
      open: () => Promise.reject(new Error('a cancelled tournament opens no table')),
      resume: () => Promise.reject(new Error('a cancelled tournament resumes no table')),
      seatPlayer: () => undefined,
      addChips: () => undefined,
      removePlayer: () => undefined,
      close: (tableId) => retire(tableId),
      setLevel: () => undefined,
      release: () => undefined,
      lastBigBlindSeat: () => null,
    };
  }

  private levelsOf(input: CreateTournamentRequest): Level[] {
    if (input.structure) return namedStructure(input.structure, input.startingStack);
    const levels = engineLevels(input.levels ?? []);
    const problems = structureProblems(levels);
    if (problems.length > 0) {
      const fields: Record<string, string> = {};
      for (const p of problems) fields[p.path.join('.')] ??= p.message;
      throw badRequest(problems[0]!.message, fields);
    }
    return levels;
  }

  // ---- reading -------------------------------------------------------------------------------

  private summaryFields(row: TournamentRow, status: TournamentStatus, entrants: number, prizePool?: number) {
    return {
      tournamentId: row.id,
      name: row.name,
      kind: row.kind,
      variant: row.variant,
      betting: row.betting,
      status,
      buyIn: row.buyIn,
      fee: row.fee,
      startingStack: row.startingStack,
      tableSize: row.tableSize,
      entrants,
      minEntrants: row.minEntrants,
      maxEntrants: row.maxEntrants,
      startsAt: row.startsAt ? row.startsAt.toISOString() : null,
      prizePool: prizePool ?? Math.max(row.guarantee, entrants * (row.buyIn - bountyPartOf(row))),
      registrationOpensAt: row.registrationOpensAt ? row.registrationOpensAt.toISOString() : null,
      guarantee: row.guarantee,
      lateRegLevels: row.lateRegLevels,
      maxEntries: row.maxEntries,
      rebuyLevels: row.rebuyLevels,
      maxRebuys: row.maxRebuys,
      addOn: row.addOn,
      recurrence: row.recurrence,
      timeZone: row.timeZone,
      featured: row.featured,
      bountyPercent: row.bountyPercent,
      dealKeptPercent: row.dealKeptPercent,
      satellite: satelliteSummary(
        row,
        entrants,
        prizePool ?? Math.max(row.guarantee, entrants * (row.buyIn - bountyPartOf(row))),
      ),
    };
  }

  private summaryOf(
    row: TournamentRow,
    players: readonly Entrant[],
    status: TournamentStatus,
    viewerId: number | null,
  ): TournamentSummary {
    const pool = Math.max(row.guarantee, prizePoolPart(row, players));
    return {
      ...this.summaryFields(row, status, players.length, pool),
      registered: viewerId !== null && players.some((p) => p.userId === viewerId),
    };
  }

  private async row(tournamentId: number): Promise<TournamentRow> {
    const [row] = await this.deps.db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
    if (!row) throw notFound('Tournament');
    return row;
  }

  /** The open tournament's director, or the refusal a closed or unknown one gets. */
  private async openOne(tournamentId: number): Promise<Open> {
    const live = this.open.get(tournamentId);
    if (live) return live;
    const row = await this.row(tournamentId);
    throw new DomainError('tournament_closed', `Registration for "${row.name}" is closed`);
  }

  private async usernames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  private async refusals(step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      if (error instanceof TournamentRefused) throw new DomainError(error.code, REFUSAL_MESSAGES[error.code]);
      if (error instanceof DealRefused) throw new DomainError(error.code, DEAL_REFUSALS[error.code]);
      throw error;
    }
  }

  private exclusive<T>(tournamentId: number, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(tournamentId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.locks.set(tournamentId, settled);
    void settled.then(() => {
      if (this.locks.get(tournamentId) === settled) this.locks.delete(tournamentId);
    });
    return next;
  }

  private forgetIfDone(tournamentId: number): void {
    const live = this.open.get(tournamentId);
    if (live && (live.director.state === 'finished' || live.director.state === 'cancelled')) {
      live.director.stop();
      this.open.delete(tournamentId);
      void this.ownership.release(leaseOf(tournamentId));
    }
  }
}

/** The scheduled formats' columns of a create (or changed) request (issue 21). */
function scheduledFormatsOf(input: CreateTournamentRequest) {
  return {
    registrationOpensAt: input.registrationOpensAt ? new Date(input.registrationOpensAt) : null,
    lateRegLevels: input.lateRegLevels ?? 0,
    maxEntries: input.maxEntries ?? 1,
    rebuyLevels: input.rebuyLevels ?? 0,
    maxRebuys: input.maxRebuys ?? 0,
    addOn: input.addOn ?? false,
    guarantee: input.guarantee ?? 0,
    recurrence: input.recurrence ?? null,
    timeZone: input.timeZone ?? null,
    featured: input.featured ?? false,
    bountyPercent: input.bountyPercent ?? 0,
    dealKeptPercent: input.dealKeptPercent ?? 0,
  };
}

/** What the buy-ins brought into the prize pool: each buy-in less its bounty part (progressive knockout). */
function prizePoolPart(row: TournamentRow, players: readonly Entrant[]): number {
  return players.reduce((sum, p) => sum + buyInsOf(p), 0) * (row.buyIn - bountyPartOf(row));
}

/** What the schema cannot see: the time zone is one Intl knows, the open pool ends before the last level. */
function checkFormatsAgainst(input: CreateTournamentRequest, levels: readonly Level[]): void {
  if (input.timeZone && !isTimeZone(input.timeZone))
    throw badRequest('Unknown time zone', { timeZone: 'An IANA time zone, e.g. Asia/Ulaanbaatar' });
  const open = Math.max(input.lateRegLevels ?? 0, (input.rebuyLevels ?? 0) + (input.addOn ? 1 : 0));
  if (open > 0 && open >= levels.length)
    throw badRequest('Late registration, rebuys and the add-on must end before the last level', {
      lateRegLevels: `Fewer than ${levels.length} levels`,
    });
}

/** The audit summary's words for the scheduled formats a tournament has. */
function formatsSummary(input: CreateTournamentRequest): string {
  const parts: string[] = [];
  if (input.registrationOpensAt) parts.push(`registration opens ${input.registrationOpensAt}`);
  if (input.lateRegLevels) parts.push(`late registration ${input.lateRegLevels} levels`);
  if ((input.maxEntries ?? 1) > 1) parts.push(`${input.maxEntries} entries`);
  if (input.rebuyLevels) parts.push(`${input.maxRebuys} rebuys in ${input.rebuyLevels} levels`);
  if (input.addOn) parts.push('add-on');
  if (input.guarantee) parts.push(`guarantee ${input.guarantee}`);
  if (input.recurrence) parts.push(`${input.recurrence} (${input.timeZone})`);
  if (input.featured) parts.push('the contest teaser');
  if (input.bountyPercent) parts.push(`progressive knockout ${input.bountyPercent}%`);
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}
