import type { HandRecordWire } from '@tenger/protocol';

/**
 * Replay: a finished hand's record turned into frames, one per history entry, so the player can step
 * through it action by action. Frame 0 is the table before the deal; the last frame shows the pots paid.
 */

export interface ReplaySeat {
  seat: number;
  username: string;
  stack: number;
  bet: number;
  /** Known cards (own or shown); face-down count for the others. */
  cards: string[];
  faceDown: number;
  folded: boolean;
  mucked: boolean;
  net: number;
}

export interface ReplayFrame {
  /** What happened in this step, as an i18n key under table.replay.steps and its values. */
  step: { key: string; values: Record<string, string | number> } | null;
  seats: ReplaySeat[];
  board: string[];
  /** Chips gathered in the middle (bets of the street not included). */
  pot: number;
  actingSeat: number | null;
}

export function replayFrames(record: HandRecordWire): ReplayFrame[] {
  const names = new Map(record.seats.map((seat) => [seat.seat, seat.username]));
  const name = (seat: number) => names.get(seat) ?? `#${seat + 1}`;
  let frame: ReplayFrame = {
    step: null,
    seats: record.seats.map((seat) => ({
      seat: seat.seat,
      username: seat.username,
      stack: seat.startingStack,
      bet: 0,
      cards: [],
      faceDown: 0,
      folded: false,
      mucked: false,
      net: seat.net,
    })),
    board: [],
    pot: 0,
    actingSeat: null,
  };
  const frames: ReplayFrame[] = [frame];
  const push = (next: ReplayFrame) => {
    frame = next;
    frames.push(next);
  };
  const change = (seatIndex: number, update: (seat: ReplaySeat) => ReplaySeat) =>
    frame.seats.map((seat) => (seat.seat === seatIndex ? update(seat) : seat));
  const gather = (): Pick<ReplayFrame, 'seats' | 'pot'> => ({
    seats: frame.seats.map((seat) => ({ ...seat, bet: 0 })),
    pot: frame.pot + frame.seats.reduce((sum, seat) => sum + seat.bet, 0),
  });

  for (const entry of record.history) {
    switch (entry.kind) {
      case 'post': {
        const live = entry.post !== 'ante' && entry.post !== 'dead-small-blind';
        push({
          ...frame,
          actingSeat: entry.seat,
          pot: live ? frame.pot : frame.pot + entry.amount,
          seats: change(entry.seat, (seat) => ({
            ...seat,
            stack: seat.stack - entry.amount,
            bet: live ? seat.bet + entry.amount : seat.bet,
          })),
          step: { key: 'post', values: { name: name(entry.seat), amount: entry.amount, post: entry.post } },
        });
        break;
      }
      case 'deal-hole':
        push({
          ...frame,
          actingSeat: null,
          seats: change(entry.seat, (seat) => ({
            ...seat,
            cards: entry.cards.length > 0 ? [...entry.cards] : seat.cards,
            faceDown: entry.cards.length > 0 ? 0 : holeCount(record),
          })),
          step: { key: 'deal', values: { name: name(entry.seat) } },
        });
        break;
      case 'action':
        push({
          ...frame,
          actingSeat: entry.seat,
          seats: change(entry.seat, (seat) => ({
            ...seat,
            stack: seat.stack - entry.added,
            bet: entry.to,
            folded: seat.folded || entry.type === 'fold',
          })),
          step: {
            key: entry.allIn ? 'allin' : entry.type,
            values: { name: name(entry.seat), amount: entry.to },
          },
        });
        break;
      case 'board':
        push({
          ...frame,
          ...gather(),
          actingSeat: null,
          board: [...frame.board, ...entry.cards],
          step: { key: entry.street, values: { cards: entry.cards.join(' ') } },
        });
        break;
      case 'uncalled':
        push({
          ...frame,
          actingSeat: entry.seat,
          seats: change(entry.seat, (seat) => ({
            ...seat,
            bet: seat.bet - entry.amount,
            stack: seat.stack + entry.amount,
          })),
          step: { key: 'uncalled', values: { name: name(entry.seat), amount: entry.amount } },
        });
        break;
      case 'show':
        push({
          ...frame,
          actingSeat: entry.seat,
          seats: change(entry.seat, (seat) => ({ ...seat, cards: [...entry.cards], faceDown: 0 })),
          step: { key: 'show', values: { name: name(entry.seat), cards: entry.cards.join(' ') } },
        });
        break;
      case 'muck':
        push({
          ...frame,
          actingSeat: entry.seat,
          seats: change(entry.seat, (seat) => ({ ...seat, mucked: true, faceDown: 0 })),
          step: { key: 'muck', values: { name: name(entry.seat) } },
        });
        break;
    }
  }

  // The last frame: pots paid, final stacks.
  const finals = new Map(record.seats.map((seat) => [seat.seat, seat.finalStack]));
  const winners = record.pots.flatMap((pot) =>
    pot.winners.map((winner) => ({ ...winner, handName: pot.handName })),
  );
  const first = winners[0];
  push({
    ...frame,
    actingSeat: first ? first.seat : null,
    pot: 0,
    seats: frame.seats.map((seat) => ({ ...seat, bet: 0, stack: finals.get(seat.seat) ?? seat.stack })),
    // The hand is named by the dialog in the viewer's language, from the winner's shown cards.
    step: first
      ? {
          key: frame.seats.find((seat) => seat.seat === first.seat)?.cards.length ? 'winsWith' : 'wins',
          values: {
            name: winners.map((winner) => name(winner.seat)).join(', '),
            amount: winners.reduce((sum, winner) => sum + winner.amount, 0),
            seat: first.seat,
          },
        }
      : { key: 'end', values: {} },
  });
  return frames;
}

function holeCount(record: HandRecordWire): number {
  return record.variant === 'holdem-nl' ? 2 : 4;
}
