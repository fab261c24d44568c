// A PokerStars-style text hand history, the format players' tracking tools read.

import { formatCard, type Card } from './cards.js';
import { evaluateHoldem, evaluateOmaha, handName } from './evaluator.js';
import type { Street } from './hand-types.js';
import type { HandRecord, RecordSeat } from './record.js';

export interface PokerStarsOptions {
  /** When the hand started; the engine keeps no clock. Default: the Unix epoch. */
  startedAt?: Date;
  siteName?: string;
  tableName?: string;
  /** Written before every amount, e.g. '₮'. Default: none (like play-money histories). */
  currency?: string;
  /** Seat whose hole cards appear as "Dealt to"; null for none; undefined: every seat (the house copy). */
  hero?: number | null;
  /** The table's size for the "N-max" of the header. Default: the record's, else 9 (older records). */
  maxSeats?: number;
}

/** The table size written for a record that does not carry its own. */
const DEFAULT_MAX_SEATS = 9;

const GAME: Record<HandRecord['variant'], string> = {
  'holdem-nl': "Hold'em No Limit",
  'omaha-pl': 'Omaha Pot Limit',
  'omaha-nl': 'Omaha No Limit',
};
const STREET_TITLE: Record<Exclude<Street, 'preflop'>, string> = {
  flop: 'FLOP',
  turn: 'TURN',
  river: 'RIVER',
};
const STREET_NAME: Record<Street, string> = { preflop: 'Flop', flop: 'Flop', turn: 'Turn', river: 'River' };

export function toPokerStars(record: HandRecord, options: PokerStarsOptions = {}): string {
  const money = (amount: number) => `${options.currency ?? ''}${amount}`;
  const seatOf = new Map(record.seats.map((s) => [s.seat, s]));
  const name = (seat: number) => seatOf.get(seat)!.playerId;
  const cards = (list: readonly Card[]) => list.map(formatCard).join(' ');
  const out: string[] = [];

  out.push(
    `${options.siteName ?? 'PokerStars'} Hand #${record.handNumber}: ${GAME[record.variant]} ` +
      `(${money(record.smallBlind)}/${money(record.bigBlind)}) - ${stamp(options.startedAt ?? new Date(0))} UTC`,
  );
  out.push(
    `Table '${options.tableName ?? record.tableId ?? 'Tenger'}' ${options.maxSeats ?? record.maxSeats ?? DEFAULT_MAX_SEATS}-max Seat #${record.button + 1} is the button`,
  );
  for (const s of record.seats) {
    if (s.dealtIn) out.push(`Seat ${s.seat + 1}: ${s.playerId} (${money(s.startingStack)} in chips)`);
    else out.push(`Seat ${s.seat + 1}: ${s.playerId} (${money(s.startingStack)} in chips) is sitting out`);
  }

  let streetBet = new Map<number, number>();
  let currentBet = 0;
  // Tracking tools expect the showdown after the river, even when all-in hands were turned up earlier.
  const showdown: string[] = [];
  let board: Card[] = [];
  let dealtHoles = false;
  for (const e of record.history) {
    switch (e.kind) {
      case 'post': {
        const allIn = seatAllInAfterPost(record, e.seat, e.amount);
        if (e.post === 'ante') out.push(`${name(e.seat)}: posts the ante ${money(e.amount)}`);
        else if (e.post === 'dead-small-blind')
          out.push(`${name(e.seat)}: posts small blind ${money(e.amount)} (dead)`);
        else {
          out.push(
            `${name(e.seat)}: posts ${e.post === 'small-blind' ? 'small' : 'big'} blind ${money(e.amount)}${allIn ? ' and is all-in' : ''}`,
          );
          streetBet.set(e.seat, (streetBet.get(e.seat) ?? 0) + e.amount);
          currentBet = Math.max(currentBet, record.bigBlind);
        }
        break;
      }
      case 'deal-hole':
        if (!dealtHoles) out.push('*** HOLE CARDS ***');
        dealtHoles = true;
        if (options.hero === undefined || options.hero === e.seat)
          out.push(`Dealt to ${name(e.seat)} [${cards(e.cards)}]`);
        break;
      case 'action': {
        const who = name(e.seat);
        const before = streetBet.get(e.seat) ?? 0;
        const allIn = e.allIn ? ' and is all-in' : '';
        if (e.type === 'fold') out.push(`${who}: folds`);
        else if (e.type === 'check') out.push(`${who}: checks`);
        else if (e.type === 'call') out.push(`${who}: calls ${money(e.added)}${allIn}`);
        else if (currentBet === 0) out.push(`${who}: bets ${money(e.to)}${allIn}`);
        else if (e.to <= currentBet) out.push(`${who}: calls ${money(e.added)}${allIn}`);
        else out.push(`${who}: raises ${money(e.to - currentBet)} to ${money(e.to)}${allIn}`);
        streetBet.set(e.seat, before + e.added);
        currentBet = Math.max(currentBet, e.to);
        break;
      }
      case 'uncalled':
        out.push(`Uncalled bet (${money(e.amount)}) returned to ${name(e.seat)}`);
        break;
      case 'board': {
        const title = STREET_TITLE[e.street as Exclude<Street, 'preflop'>];
        out.push(`*** ${title} *** ${board.length ? `[${cards(board)}] ` : ''}[${cards(e.cards)}]`);
        board = [...board, ...e.cards];
        streetBet = new Map();
        currentBet = 0;
        break;
      }
      case 'show': {
        const made = describe(record, seatOf.get(e.seat)!);
        showdown.push(`${name(e.seat)}: shows [${cards(e.cards)}]${made ? ` (${made})` : ''}`);
        break;
      }
      case 'muck':
        showdown.push(`${name(e.seat)}: mucks hand`);
        break;
    }
  }
  if (showdown.length) out.push('*** SHOW DOWN ***', ...showdown);

  const sidePots = record.pots.length > 1;
  record.pots.forEach((pot, i) => {
    const which = !sidePots ? 'pot' : i === 0 ? 'main pot' : `side pot-${i}`;
    for (const w of pot.winners) out.push(`${name(w.seat)} collected ${money(w.amount)} from ${which}`);
  });

  out.push('*** SUMMARY ***');
  const potsText = sidePots
    ? ` Main pot ${money(record.pots[0].amount + record.pots[0].rake)}.` +
      record.pots
        .slice(1)
        .map((p, i) => ` Side pot-${i + 1} ${money(p.amount + p.rake)}.`)
        .join('')
    : '';
  out.push(`Total pot ${money(record.totalPot)}${potsText} | Rake ${money(record.rake)}`);
  if (record.board.length) out.push(`Board [${cards(record.board)}]`);
  const won = new Map<number, number>();
  for (const pot of record.pots)
    for (const w of pot.winners) won.set(w.seat, (won.get(w.seat) ?? 0) + w.amount);
  for (const s of record.seats) {
    if (!s.dealtIn) continue;
    const role =
      s.seat === record.button
        ? ' (button)'
        : s.seat === record.smallBlindSeat
          ? ' (small blind)'
          : s.seat === record.bigBlindSeat
            ? ' (big blind)'
            : '';
    const prefix = `Seat ${s.seat + 1}: ${s.playerId}${role}`;
    const amount = won.get(s.seat);
    if (s.folded)
      out.push(
        `${prefix} folded ${s.foldedOn === 'preflop' ? 'before Flop' : `on the ${STREET_NAME[s.foldedOn!]}`}`,
      );
    else if (s.shownCards) {
      const result = amount ? `won (${money(amount)})` : 'lost';
      const made = describe(record, s);
      out.push(`${prefix} showed [${cards(s.shownCards)}] and ${result}${made ? ` with ${made}` : ''}`);
    } else if (s.mucked) out.push(`${prefix} mucked`);
    else out.push(`${prefix} collected (${money(amount ?? 0)})`);
  }
  // Provably fair, version 2: the root every opened card of this hand verifies against.
  if (record.deckCommitment) out.push(`Deck commitment: ${record.deckCommitment}`);
  return out.join('\n') + '\n';
}

/** The made hand as PokerStars words it: "a pair of Aces", "two pair, Kings and Sevens". */
function describe(record: HandRecord, seat: RecordSeat): string {
  if (!seat.shownCards || record.board.length < 3) return '';
  const value =
    record.variant === 'holdem-nl'
      ? evaluateHoldem([...seat.shownCards, ...record.board])
      : evaluateOmaha(seat.shownCards, record.board);
  const name = handName(value);
  const words = name[0].toLowerCase() + name.slice(1);
  return /^(two pair|high card|three of a kind|four of a kind)/.test(words) ? words : `a ${words}`;
}

function seatAllInAfterPost(record: HandRecord, seat: number, amount: number): boolean {
  let posted = 0;
  for (const e of record.history) if (e.kind === 'post' && e.seat === seat) posted += e.amount;
  return posted >= record.seats.find((s) => s.seat === seat)!.startingStack && amount > 0;
}

function stamp(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}/${p(date.getUTCMonth() + 1)}/${p(date.getUTCDate())} ` +
    `${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())}`
  );
}
