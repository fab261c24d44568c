// Dealing a hand: the dealt-in seats, the button, the provably fair deck and the engine's first
// state. A running hand lives only in memory (its deck and hole cards are never written before it ends).
import { randomUUID } from 'node:crypto';
import { createHand, type HandState, type HandEvent, type Level, type Variant } from '@tenger/engine';
import type { Settings } from '@tenger/protocol';
import type { TableRow } from '../tableCatalogue.js';
import type { DeckSource, HandDeck } from './fairness.js';
import type { Seat } from './seatRules.js';
import type { SeatHolder } from './ports.js';
import type { ShowChoiceKind } from './showChoice.js';
import type { HandContext } from './viewerDoor.js';

export interface RunningHand {
  handId: string;
  state: HandState;
  context: HandContext;
  /** The committed deck (secret until audit), the seeds, the dealt order. */
  deck: HandDeck;
  owners: Map<number, SeatHolder>;
  startedAt: Date;
  /** How long each player's decision took, in order (the security desk's bot-like timing). */
  decisions?: Array<{ seat: number; ms: number }>;
  /** After the hand: seats that may still show, until the show window closes (showChoice.ts). */
  choices?: Map<number, ShowChoiceKind> | null;
  choicesOpenedAt?: number;
}

export interface Deal {
  table: TableRow;
  players: readonly Seat[];
  button: number;
  handNumber: number;
  /** The deck committed before the seeds (taken here). */
  nextDeal: DeckSource;
  settings: Settings;
  startedAt: Date;
  /** A tournament hand: the level's blinds and ante instead of the table's, and no rake. */
  stakes?: Pick<Level, 'smallBlind' | 'bigBlind' | 'ante' | 'anteKind'>;
}

/** The new hand and its first events, or the engine's refusal. */
export function dealHand(deal: Deal): { hand: RunningHand; events: HandEvent[] } | { error: unknown } {
  const { table, players, handNumber } = deal;
  const handId = randomUUID();
  const deck = deal.nextDeal.take(players, handId, deal.button);
  // Newcomers post a big blind only when at least two players were already playing.
  const veterans = players.filter((s) => !s.owesBigBlind).length;
  const result = createHand({
    variant: engineVariant(table),
    seats: players.map((s) => ({
      seat: s.seat,
      playerId: String(s.userId),
      stack: s.stack,
      postsBigBlind: s.owesBigBlind && veterans >= 2,
    })),
    button: deal.button,
    ...(deal.stakes
      ? { ...deal.stakes, rake: { percent: 0, cap: 0 } }
      : {
          smallBlind: table.smallBlind,
          bigBlind: table.bigBlind,
          rake: {
            percent: deal.settings.rake.percent,
            cap: deal.settings.rake.capBigBlinds * table.bigBlind,
          },
        }),
    deck: deck.deck,
    handNumber,
    deckCommitment: deck.committed.deckCommitment,
    tableId: String(table.id),
    maxSeats: table.maxPlayers,
    pacedRunout: true,
  });
  if ('error' in result) return { error: result.error };
  return {
    hand: {
      handId,
      state: result.state,
      context: {
        handId,
        committed: deck.committed,
        seatOwners: new Map(players.map((s) => [s.seat, s.userId])),
      },
      deck,
      owners: new Map(players.map((s) => [s.seat, { userId: s.userId, isBot: s.isBot }])),
      startedAt: deal.startedAt,
    },
    events: result.events,
  };
}

export function engineVariant(table: Pick<TableRow, 'variant' | 'betting'>): Variant {
  if (table.variant === 'holdem') return 'holdem-nl';
  return table.betting === 'no-limit' ? 'omaha-nl' : 'omaha-pl';
}

/** Whether `seat`'s current occupant was dealt into the running hand. */
export function inRunningHand(hand: RunningHand | null, seat: Pick<Seat, 'seat' | 'userId'>): boolean {
  return hand !== null && hand.owners.get(seat.seat)?.userId === seat.userId;
}
