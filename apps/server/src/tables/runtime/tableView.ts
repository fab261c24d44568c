// What a table looks like from outside, before the per-viewer door: seats as everyone may see them,
// the table's public info, and the source a snapshot is built from (viewerDoor.ts filters it).
import type { TableInfo, TableSeat, TableTournament, TableWaitlist } from '@tenger/protocol';
import type { TableRow } from '../tableCatalogue.js';
import { inRunningHand, type RunningHand } from './runningHand.js';
import type { Seat } from './seatRules.js';
import type { HandContext, SnapshotSource } from './viewerDoor.js';
import type { HandState } from '@tenger/engine';
import type { TournamentTableMode } from './tournamentMode.js';

/** The table state a view is drawn from. */
export interface TableViewState {
  table: TableRow;
  seats: ReadonlyMap<number, Seat>;
  hand: RunningHand | null;
  /** The last finished hand, shown until the next deal. */
  shownHand: { state: HandState; context: HandContext } | null;
  deadline: number | null;
  closed: boolean;
  button: number | null;
  handsPlayed: number;
  actionTimeMs: number;
  jackpot: number;
  seq: number;
  buyInMinimums: ReadonlyMap<number, number>;
  isConnected(userId: number): boolean;
  /** The next deal's published deck commitment, if any. */
  nextDeckCommitment?: string | null;
  /** Rake and jackpot as numbers, once the settings were read. */
  rules?: Pick<TableInfo, 'rake' | 'jackpotRule'> | null;
  /** A tournament's table: its tournament, the level of the next hand and the standings. */
  tournament?: TableTournamentState | null;
  /** The waiting list, when anyone waits (waitingList.ts). */
  waitlist?: TableWaitlist | null;
  /** An administrator's edit waiting for the hand in play to end (TableState.pendingTable). */
  pendingTable?: TableRow | null;
}

export type TableTournamentState = Pick<
  TournamentTableMode,
  'tournamentId' | 'level' | 'standings' | 'exits'
>;

export function presentSeat(seat: Seat, s: Pick<TableViewState, 'hand' | 'isConnected'>): TableSeat {
  const playing = inRunningHand(s.hand, seat);
  const waitsForBigBlind = !playing && seat.owesBigBlind && !seat.postNow && !seat.sittingOut;
  const status = seat.leaveAfterHand
    ? 'leaving'
    : seat.sittingOut
      ? 'sitting-out'
      : s.hand && !playing
        ? 'waiting'
        : 'playing';
  return {
    seat: seat.seat,
    userId: seat.userId,
    username: seat.username,
    isBot: seat.isBot,
    stack: playing
      ? (s.hand!.state.seats.find((h) => h.seat === seat.seat)?.stack ?? seat.stack)
      : seat.stack,
    status,
    connected: seat.isBot || s.isConnected(seat.userId),
    timeBankMs: seat.timeBankMs,
    pendingRecharge: seat.pendingRecharge > 0 ? seat.pendingRecharge : null,
    ...(waitsForBigBlind ? { waitingForBigBlind: true } : {}),
    ...(seat.bustOfferDeadline !== undefined ? { bustOfferDeadline: seat.bustOfferDeadline } : {}),
  };
}

export function tableInfo(s: TableViewState): TableInfo {
  const t = s.table;
  return {
    tableId: t.id,
    name: t.name,
    variant: t.variant,
    betting: t.betting,
    smallBlind: s.tournament?.level.smallBlind ?? t.smallBlind,
    bigBlind: s.tournament?.level.bigBlind ?? t.bigBlind,
    minBuyIn: t.minBuyIn,
    maxBuyIn: t.maxBuyIn,
    maxPlayers: t.maxPlayers,
    status: t.closed || s.closed ? 'closed' : s.hand ? 'playing' : 'waiting',
    actionTimeSeconds: Math.round(s.actionTimeMs / 1000),
    seats: sortedSeats(s.seats).map((seat) => presentSeat(seat, s)),
    button: s.button,
    handsPlayed: s.handsPlayed,
    ...(s.tournament ? { tournament: tournamentInfo(s.tournament, s.seats) } : (s.rules ?? {})),
    ...(s.waitlist ? { waitlist: s.waitlist } : {}),
    ...(s.pendingTable &&
    (s.pendingTable.smallBlind !== t.smallBlind || s.pendingTable.bigBlind !== t.bigBlind)
      ? { nextStakes: { smallBlind: s.pendingTable.smallBlind, bigBlind: s.pendingTable.bigBlind } }
      : {}),
  };
}

export function snapshotSource(s: TableViewState): SnapshotSource {
  const hand = s.hand
    ? { state: s.hand.state, context: s.hand.context, deadline: s.deadline }
    : s.shownHand
      ? { ...s.shownHand, deadline: null }
      : null;
  return {
    seq: s.seq,
    table: tableInfo(s),
    hand,
    jackpot: s.jackpot,
    buyInMinimums: s.buyInMinimums,
    nextDeckCommitment: s.nextDeckCommitment,
    seatOptions: new Map([...s.seats.values()].map((seat) => [seat.userId, seat.options])),
    ...(s.tournament ? { tournamentExits: s.tournament.exits } : {}),
  };
}

export function sortedSeats(seats: ReadonlyMap<number, Seat>): Seat[] {
  return [...seats.values()].sort((a, b) => a.seat - b.seat);
}

/** TableInfo.tournament: the level of the next hand, its clock and the field (this table's alone until the director says). */
function tournamentInfo(
  { tournamentId, level, standings }: TableTournamentState,
  seats: ReadonlyMap<number, Seat>,
): TableTournament {
  const { ante, anteKind, isBreak } = level;
  const here = [...seats.values()].filter((s) => s.stack > 0);
  const chipsHere = here.reduce((sum, s) => sum + s.stack, 0);
  const next = standings?.nextLevel ?? null;
  return {
    tournamentId,
    level: level.level,
    ante,
    anteKind,
    isBreak,
    levelEndsAt: standings?.levelEndsAt ?? null,
    nextLevel: next
      ? { smallBlind: next.smallBlind, bigBlind: next.bigBlind, ante: next.ante, isBreak: next.isBreak }
      : null,
    playersLeft: standings?.playersLeft ?? here.length,
    entrants: standings?.entrants ?? here.length,
    averageStack: standings?.averageStack ?? (here.length > 0 ? Math.floor(chipsHere / here.length) : 0),
    handForHand: standings?.handForHand ?? false,
    ...(standings?.deal ? { deal: standings.deal } : {}),
    ...(standings?.bounties
      ? { bounties: standings.bounties.filter((b) => here.some((s) => s.userId === b.userId)) }
      : {}),
  };
}
