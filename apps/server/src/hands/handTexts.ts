// The export texts of a finished hand, PHH and PokerStars, rendered where they are read (the hand
// history) from the stored record: never at settlement, on the table's queue. Hands settled before
// this kept a copy of the house's texts in the columns hands.phh and hands.pokerstars, which stay only
// because those hands' chain links hash them (handStore.ts); nothing reads them.
import { redactRecord, toPHH, toPokerStars, type HandRecord } from '@tenger/engine';

/** What the texts are made of: the house's record and when and where the hand was played. */
export interface TextedHand {
  record: HandRecord;
  startedAt: Date;
  tableName?: string;
  /** A tournament's hand: chips are counted, not priced (the PokerStars text carries no currency). */
  tournament?: boolean;
}

export interface HandReader {
  /** The seat the reader was dealt: its own cards and what was shown down. Absent: the house, every card. */
  seat?: number;
  /** Names the PokerStars text gives each seat (the record knows players by user id). */
  nameOf?: (seat: number) => string;
}

export function handTexts(hand: TextedHand, reader: HandReader = {}): { phh: string; pokerstars: string } {
  const { seat, nameOf } = reader;
  const record = seat === undefined ? hand.record : redactRecord(hand.record, seat);
  return {
    phh: toPHH(hand.record, seat === undefined ? {} : { viewer: seat }),
    pokerstars: toPokerStars(nameOf ? withNames(record, nameOf) : record, {
      startedAt: hand.startedAt,
      ...(hand.tableName !== undefined ? { tableName: hand.tableName } : {}),
      ...(hand.tournament ? {} : { currency: '₮' }),
      ...(seat === undefined ? {} : { hero: seat }),
    }),
  };
}

/** The record with each seat's player id replaced by the name the texts show. */
export function withNames(record: HandRecord, nameOf: (seat: number) => string): HandRecord {
  return { ...record, seats: record.seats.map((s) => ({ ...s, playerId: nameOf(s.seat) })) };
}
