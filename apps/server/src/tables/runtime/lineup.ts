// Who is dealt into the next hand. A newcomer (or a player back from sitting out) waits for the big
// blind to come round, unless they chose to post at once; "sit out next hand" and "sit out next big
// blind" sit a player out as the hand is dealt. Pure: the dealer applies what this decides.
import { blindSeats } from '@tenger/engine';
import { dealable, nextSeatAfter, type Seat } from './seatRules.js';

export interface Lineup {
  /** Dealt in, in seat order. */
  players: Seat[];
  button: number;
  /** Sat out now by their own "sit out next hand / next big blind" choice. */
  sitOut: Seat[];
}

/** The next hand's players and button, or null when fewer than two can play. */
export function nextLineup(seats: Iterable<Seat>, lastButton: number | null): Lineup & { ok: boolean } {
  let candidates = dealable(seats);
  const sitOut = candidates.filter((s) => s.options.sitOutNextHand);
  candidates = candidates.filter((s) => !s.options.sitOutNextHand);
  for (;;) {
    const { players, button } = choosePlayers(candidates, lastButton);
    if (players.length < 2) return { players, button, sitOut, ok: false };
    const bigBlind = blindSeats(
      players.map((s) => s.seat),
      button,
    ).bigBlindSeat;
    const inTheBigBlind = players.find((s) => s.seat === bigBlind)!;
    if (!inTheBigBlind.options.sitOutNextBigBlind) return { players, button, sitOut, ok: true };
    sitOut.push(inTheBigBlind);
    candidates = candidates.filter((s) => s !== inTheBigBlind);
  }
}

/**
 * With fewer than two regular players everyone plays (a table starting up). Otherwise the button
 * moves among the regulars; a waiting player comes in when the big blind would be theirs, and one who
 * chose "Post now" comes in at once (and posts an out-of-position big blind).
 */
function choosePlayers(candidates: Seat[], lastButton: number | null): { players: Seat[]; button: number } {
  const regulars = candidates.filter((s) => !s.owesBigBlind);
  if (regulars.length < 2) {
    return { players: candidates, button: candidates.length > 0 ? nextSeatAfter(candidates, lastButton) : 0 };
  }
  const button = nextSeatAfter(regulars, lastButton);
  const posters = candidates.filter((s) => s.owesBigBlind && s.postNow);
  const base = [...regulars, ...posters];
  const joiner = candidates.find(
    (w) =>
      w.owesBigBlind &&
      !w.postNow &&
      blindSeats(
        bySeat([...base, w]).map((s) => s.seat),
        button,
      ).bigBlindSeat === w.seat,
  );
  return { players: bySeat(joiner ? [...base, joiner] : base), button };
}

const bySeat = (seats: Seat[]) => [...seats].sort((a, b) => a.seat - b.seat);
