import type { LedgerAccountKind } from '../db/schema.js';

/** Where money can sit. Player accounts (and the house's rake and jackpot) can never go below zero. */
export type AccountRef =
  | { kind: 'player_available'; userId: number }
  | { kind: 'player_locked'; userId: number }
  | { kind: 'player_seat'; userId: number; tableId: number }
  | { kind: 'tournament_pool'; tournamentId: number }
  | { kind: 'player_ticket'; userId: number; tournamentId: number }
  | {
      kind:
        | 'house_rake'
        | 'jackpot'
        | 'bonus'
        | 'bot_bankroll'
        | 'outside_bank'
        | 'tournament_fees'
        | 'tournament_guarantee';
    };

export const Accounts = {
  /** What the player can spend: the balance shown. */
  available: (userId: number): AccountRef => ({ kind: 'player_available', userId }),
  /** Pending withdrawals. */
  locked: (userId: number): AccountRef => ({ kind: 'player_locked', userId }),
  /** Chips in front of the player at one table. */
  seat: (userId: number, tableId: number): AccountRef => ({ kind: 'player_seat', userId, tableId }),
  houseRake: { kind: 'house_rake' } as AccountRef,
  jackpot: { kind: 'jackpot' } as AccountRef,
  /** Marketing money the house gives away; goes negative as bonuses are paid. */
  bonus: { kind: 'bonus' } as AccountRef,
  /** The house's money lent to bots (marked); goes negative as bots are funded. */
  botBankroll: { kind: 'bot_bankroll' } as AccountRef,
  /** One tournament's prize pool: the buy-ins, paid out as prizes (or refunds). */
  tournamentPool: (tournamentId: number): AccountRef => ({ kind: 'tournament_pool', tournamentId }),
  /** The house's tournament fees (its revenue from tournaments, as the rake is from cash tables). */
  tournamentFees: { kind: 'tournament_fees' } as AccountRef,
  /** The value of the satellite tickets a player holds for one target tournament (never negative). */
  ticket: (userId: number, tournamentId: number): AccountRef => ({
    kind: 'player_ticket',
    userId,
    tournamentId,
  }),
  /**
   * The house's money behind tournament guarantees: it pays each overlay (a guaranteed pool's shortfall)
   * and goes negative by what overlays have cost (like the bonus account).
   */
  tournamentGuarantee: { kind: 'tournament_guarantee' } as AccountRef,
  /** Money outside the site: deposits come from it (it goes negative), approved withdrawals return to it. */
  outsideBank: { kind: 'outside_bank' } as AccountRef,
} as const;

/** Kinds whose balance the database keeps at zero or more. */
export const NON_NEGATIVE_KINDS: ReadonlySet<LedgerAccountKind> = new Set([
  'player_available',
  'player_locked',
  'player_seat',
  'house_rake',
  'jackpot',
  'tournament_pool',
  'tournament_fees',
  'player_ticket',
]);

/** The unique code of an account row, e.g. `player:12:available`, `seat:12:3`, `house:jackpot`. */
export function accountCode(ref: AccountRef): string {
  switch (ref.kind) {
    case 'player_available':
      return `player:${ref.userId}:available`;
    case 'player_locked':
      return `player:${ref.userId}:locked`;
    case 'player_seat':
      return `seat:${ref.userId}:${ref.tableId}`;
    case 'tournament_pool':
      return `tournament:${ref.tournamentId}:pool`;
    case 'player_ticket':
      return `ticket:${ref.userId}:${ref.tournamentId}`;
    default:
      return `house:${ref.kind}`;
  }
}

export function accountOwner(ref: AccountRef): number | null {
  return 'userId' in ref ? ref.userId : null;
}
