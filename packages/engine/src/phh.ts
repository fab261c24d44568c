// PHH, the open Poker Hand History format (TOML): export a hand record, read a PHH file, and replay
// it action by action through this engine.
//
// Players are ordered from the small blind clockwise to the button; heads-up the big blind is p1 and
// the small blind (the button) p2, while `blinds_or_straddles` is still written [SB, BB] and a replay
// swaps it for two players. Variants: NT (no-limit hold'em), PO (pot-limit Omaha), NO (no-limit Omaha,
// this project's extension). Amounts in `cbr` are the street total the player bets TO.

import { formatCards, parseCards, type Card } from './cards.js';
import { applyAction, arrangeDeck, createHand } from './hand.js';
import type { ActionType, HandConfig, HandState, SeatConfig, Variant } from './hand-types.js';
import type { HandRecord } from './record.js';
import { fullyShown, handRecord } from './record.js';
import { legalActions } from './rules.js';

const PHH_VARIANT: Record<Variant, string> = { 'holdem-nl': 'NT', 'omaha-pl': 'PO', 'omaha-nl': 'NO' };
const VARIANT_OF: Record<string, Variant> = { NT: 'holdem-nl', PO: 'omaha-pl', NO: 'omaha-nl' };
const SEAT_COUNT = 9;

export interface PHHOptions {
  /** Write only this viewer's hole cards and the ones shown at showdown; others become '????'. */
  viewer?: number | null;
}

/** The hand record as PHH TOML text. */
export function toPHH(record: HandRecord, options: PHHOptions = {}): string {
  const order = phhOrder(record);
  const index = new Map(order.map((s, i) => [s.seat, i + 1]));
  const p = (seat: number) => `p${index.get(seat)}`;
  const headsUp = order.length === 2;
  const redact = options.viewer !== undefined;

  // Nominal amounts by position: a short stack posts what it has, and the replay's engine does too.
  const antes = order.map((s) =>
    record.anteKind !== 'big-blind' ? record.ante : s.seat === record.bigBlindSeat ? record.ante : 0,
  );
  const blinds = order.map((s) =>
    s.seat === record.smallBlindSeat
      ? record.smallBlind
      : s.seat === record.bigBlindSeat
        ? record.bigBlind
        : 0,
  );
  const newcomers: number[] = [];
  for (const entry of record.history) {
    if (entry.kind !== 'post') continue;
    const i = index.get(entry.seat)! - 1;
    if (entry.post === 'dead-small-blind') antes[i] += record.smallBlind;
    if (entry.post === 'newcomer-big-blind') {
      blinds[i] = record.bigBlind;
      newcomers.push(i + 1);
    }
  }
  // Heads-up PHH lists the blinds as [SB, BB] although p1 is the big blind.
  if (headsUp) blinds.reverse();

  const actions: string[] = [];
  for (const entry of record.history) {
    switch (entry.kind) {
      case 'deal-hole': {
        const owner = record.seats.find((s) => s.seat === entry.seat);
        const hidden = redact && entry.seat !== options.viewer && !(owner && fullyShown(owner));
        actions.push(
          `d dh ${p(entry.seat)} ${hidden ? '??'.repeat(entry.cards.length) : formatCards(entry.cards)}`,
        );
        break;
      }
      case 'board':
        actions.push(`d db ${formatCards(entry.cards)}`);
        break;
      case 'action': {
        if (entry.type === 'fold') actions.push(`${p(entry.seat)} f`);
        else if (entry.type === 'check' || entry.type === 'call') actions.push(`${p(entry.seat)} cc`);
        else actions.push(`${p(entry.seat)} cbr ${entry.to}`);
        break;
      }
      case 'show':
        actions.push(`${p(entry.seat)} sm ${shownText(record, entry.seat, entry.cards)}`);
        break;
      case 'muck':
        actions.push(`${p(entry.seat)} sm`);
        break;
      default:
        break;
    }
  }

  const lines = [
    `# Tenger Poker hand ${record.handNumber}${record.tableId ? ` at table ${record.tableId}` : ''}`,
    // PHH has no field for a newcomer's live big blind out of position: say so before anyone reads a straddle.
    ...newcomers.map(
      (n) =>
        `# Not plain PHH: p${n} posted a newcomer's live big blind out of position (not a straddle; see _newcomer_big_blinds)`,
    ),
    `variant = '${PHH_VARIANT[record.variant]}'`,
    `antes = [${antes.join(', ')}]`,
    `blinds_or_straddles = [${blinds.join(', ')}]`,
    `min_bet = ${record.bigBlind}`,
    `starting_stacks = [${order.map((s) => s.startingStack).join(', ')}]`,
    'actions = [',
    ...actions.map((a) => `  ${tomlString(a)},`),
    ']',
    `players = [${order.map((s) => tomlString(s.playerId)).join(', ')}]`,
    `finishing_stacks = [${order.map((s) => s.finalStack).join(', ')}]`,
    `seats = [${order.map((s) => s.seat + 1).join(', ')}]`,
    `seat_count = ${SEAT_COUNT}`,
    `hand = ${record.handNumber}`,
  ];
  if (record.tableId) lines.push(`table = ${tomlString(record.tableId)}`);
  if (record.rakeConfig) {
    lines.push(`_rake_percent = ${record.rakeConfig.percent}`, `_rake_cap = ${record.rakeConfig.cap}`);
  }
  if (newcomers.length > 0) lines.push(`_newcomer_big_blinds = [${newcomers.join(', ')}]`);
  lines.push(`_rake = ${record.rake}`);
  if (record.seedCommitment) lines.push(`_seed_commitment = ${tomlString(record.seedCommitment)}`);
  if (record.deckCommitment) lines.push(`_deck_commitment = ${tomlString(record.deckCommitment)}`);
  return lines.join('\n') + '\n';
}

/** A show in dealing order; a card kept back (a Hold'em winner showing one) is written '??'. */
function shownText(record: HandRecord, seat: number, shown: readonly Card[]): string {
  const hole = record.seats.find((s) => s.seat === seat)?.holeCards ?? [];
  if (hole.length === 0 || shown.length >= hole.length) return formatCards([...shown]);
  return hole.map((c) => (shown.includes(c) ? formatCards([c]) : '??')).join('');
}

/** Dealt-in seats from the small blind clockwise to the button; heads-up the big blind first. */
function phhOrder(record: HandRecord) {
  const dealtIn = record.seats.filter((s) => s.dealtIn);
  const first = dealtIn.length === 2 ? record.bigBlindSeat : (record.smallBlindSeat ?? record.bigBlindSeat);
  const start = dealtIn.findIndex((s) => s.seat === first);
  return dealtIn.map((_, i) => dealtIn[(start + i) % dealtIn.length]);
}

// ---------------------------------------------------------------------------------------------
// Reading

export type TomlValue = string | number | boolean | TomlValue[];

export interface PHHHand {
  variant: Variant;
  antes: number[];
  blindsOrStraddles: number[];
  minBet: number;
  startingStacks: number[];
  actions: string[];
  players: string[] | null;
  finishingStacks: number[] | null;
  seats: number[] | null;
  hand: number | null;
  rake: { percent: number; cap: number } | null;
  /** Every key of the file as read, user-defined fields (`_name`) included. */
  fields: Record<string, TomlValue>;
}

export interface PHHError {
  code:
    | 'parse-error'
    | 'unsupported'
    | 'duplicate-card'
    | 'out-of-turn'
    | 'illegal-action'
    | 'bad-amount'
    | 'hand-complete'
    | 'unknown-action'
    | 'wrong-cards'
    | 'board-out-of-order'
    | 'incomplete-hand'
    | 'finishing-stacks-mismatch';
  message: string;
  /** Index into `actions` of the offending action, when one is to blame. */
  actionIndex?: number;
}

/** Parses PHH text. Returns the hand or a parse error naming the problem. */
export function parsePHH(text: string): { hand: PHHHand } | { error: PHHError } {
  let fields: Record<string, TomlValue>;
  try {
    fields = parseTomlSubset(text);
  } catch (e) {
    return { error: { code: 'parse-error', message: (e as Error).message } };
  }
  const fail = (message: string) => ({ error: { code: 'parse-error' as const, message } });
  const numbers = (key: string, required: boolean): number[] | null | string => {
    const v = fields[key];
    if (v === undefined) return required ? `missing "${key}"` : null;
    if (!Array.isArray(v) || !v.every((x) => Number.isSafeInteger(x)))
      return `"${key}" must be a list of whole numbers`;
    return v as number[];
  };
  const variantCode = fields.variant;
  if (typeof variantCode !== 'string' || !(variantCode in VARIANT_OF)) {
    return {
      error: { code: 'unsupported', message: `variant ${JSON.stringify(variantCode)} is not NT, PO or NO` },
    };
  }
  const antes = numbers('antes', true);
  const blinds = numbers('blinds_or_straddles', true);
  const stacks = numbers('starting_stacks', true);
  const finishing = numbers('finishing_stacks', false);
  const seats = numbers('seats', false);
  for (const v of [antes, blinds, stacks, finishing, seats]) if (typeof v === 'string') return fail(v);
  const minBet = fields.min_bet;
  if (!Number.isSafeInteger(minBet)) return fail('"min_bet" must be a whole number');
  const actions = fields.actions;
  if (!Array.isArray(actions) || !actions.every((a) => typeof a === 'string'))
    return fail('"actions" must be a list of strings');
  const players = fields.players;
  if (players !== undefined && (!Array.isArray(players) || !players.every((x) => typeof x === 'string'))) {
    return fail('"players" must be a list of strings');
  }
  const n = (stacks as number[]).length;
  for (const [key, v] of [
    ['antes', antes],
    ['blinds_or_straddles', blinds],
    ['finishing_stacks', finishing],
    ['seats', seats],
    ['players', players],
  ] as const) {
    if (Array.isArray(v) && v.length !== n) return fail(`"${key}" has ${v.length} entries for ${n} players`);
  }
  const rakePercent = fields._rake_percent;
  const rakeCap = fields._rake_cap;
  return {
    hand: {
      variant: VARIANT_OF[variantCode],
      antes: antes as number[],
      blindsOrStraddles: blinds as number[],
      minBet: minBet as number,
      startingStacks: stacks as number[],
      actions: actions as string[],
      players: (players as string[] | undefined) ?? null,
      finishingStacks: finishing as number[] | null,
      seats: seats as number[] | null,
      hand: Number.isSafeInteger(fields.hand) ? (fields.hand as number) : null,
      rake:
        typeof rakePercent === 'number' && typeof rakeCap === 'number'
          ? { percent: rakePercent, cap: rakeCap }
          : null,
      fields,
    },
  };
}

export interface PHHReplay {
  /** The engine's final state of the replayed hand. */
  state: HandState;
  record: HandRecord;
  /** Final stacks in PHH player order (p1..pn). */
  finishingStacks: number[];
}

/**
 * Replays a PHH hand (text or parsed) through the engine, action by action. Every player action must
 * be the engine's next actor and legal; board cards must come when the betting round is over; shown
 * cards must be the player's; and the result must equal `finishing_stacks` when the file has them.
 */
export function replayPHH(
  input: string | PHHHand,
): { ok: true; replay: PHHReplay } | { ok: false; error: PHHError } {
  const parsed = typeof input === 'string' ? parsePHH(input) : { hand: input };
  if ('error' in parsed) return { ok: false, error: parsed.error };
  const hand = parsed.hand;
  const n = hand.startingStacks.length;
  const fail = (code: PHHError['code'], message: string, actionIndex?: number) =>
    ({ ok: false, error: { code, message, ...(actionIndex === undefined ? {} : { actionIndex }) } }) as const;
  if (n < 2 || n > SEAT_COUNT)
    return fail('unsupported', `${n} players; this engine seats 2 to ${SEAT_COUNT}`);

  // Seats: from the file (1-based) or p1..pn in order; the button is the last player (heads-up p2).
  const seatOf = hand.seats ? hand.seats.map((s) => s - 1) : hand.startingStacks.map((_, i) => i);
  if (new Set(seatOf).size !== n || seatOf.some((s) => s < 0 || s >= SEAT_COUNT)) {
    return fail('unsupported', 'seats must be distinct seat numbers 1..9');
  }
  const button = seatOf[n - 1];

  // Blinds: p1 small, p2 big (heads-up swapped); any other player posting a big blind is a newcomer.
  const blinds = [...hand.blindsOrStraddles];
  if (n === 2) blinds.reverse();
  const sbIndex = n === 2 ? 1 : 0;
  const bbIndex = n === 2 ? 0 : 1;
  const smallBlind = blinds[sbIndex];
  const bigBlind = blinds[bbIndex];
  if (!(smallBlind > 0 && bigBlind >= smallBlind))
    return fail('unsupported', 'a small and a big blind are required');
  if (hand.minBet !== bigBlind) return fail('unsupported', 'min_bet must equal the big blind');
  // A big-blind ante: only the big blind antes (a dead small blind elsewhere adds to its entry).
  const bigBlindAnte =
    hand.antes[bbIndex] > 0 &&
    hand.antes.every((a, i) => i === bbIndex || a === 0 || a === smallBlind) &&
    hand.antes.some((a, i) => i !== bbIndex && a === 0);
  const ante = bigBlindAnte ? hand.antes[bbIndex] : Math.min(...hand.antes);
  const seats: SeatConfig[] = [];
  for (let i = 0; i < n; i++) {
    const extraBlind = i === sbIndex || i === bbIndex ? 0 : blinds[i];
    const extraAnte = bigBlindAnte ? (i === bbIndex ? 0 : hand.antes[i]) : hand.antes[i] - ante;
    if ((i === sbIndex && blinds[i] !== smallBlind) || (extraBlind !== 0 && extraBlind !== bigBlind)) {
      return fail('unsupported', `p${i + 1} posts ${blinds[i]}: straddles are not supported`);
    }
    if (extraAnte !== 0 && extraAnte !== smallBlind)
      return fail('unsupported', `p${i + 1} antes ${hand.antes[i]}`);
    seats.push({
      seat: seatOf[i],
      playerId: hand.players?.[i] ?? `p${i + 1}`,
      stack: hand.startingStacks[i],
      postsBigBlind: extraBlind > 0 || undefined,
      postsDeadSmallBlind: extraAnte > 0 || undefined,
    });
  }

  // Cards: the deck is arranged so that the engine deals exactly what the file says.
  const holes: Record<number, Card[]> = {};
  const board: Card[] = [];
  const steps: { index: number; words: string[] }[] = [];
  for (let index = 0; index < hand.actions.length; index++) {
    const words = hand.actions[index].replace(/#.*$/, '').trim().split(/\s+/);
    steps.push({ index, words });
    try {
      if (words[0] === 'd' && words[1] === 'dh')
        holes[playerSeat(words[2], seatOf)] = parseCards(words[3] ?? '');
      if (words[0] === 'd' && words[1] === 'db') board.push(...parseCards(words[2] ?? ''));
    } catch (e) {
      return fail(
        'parse-error',
        `action ${index + 1} "${hand.actions[index]}": ${(e as Error).message}`,
        index,
      );
    }
  }
  const base: Omit<HandConfig, 'deck'> = {
    variant: hand.variant,
    seats,
    button,
    smallBlind,
    bigBlind,
    ante: ante > 0 ? ante : undefined,
    anteKind: bigBlindAnte ? 'big-blind' : undefined,
    rake: hand.rake ?? undefined,
    handNumber: hand.hand ?? 0,
  };
  let deck: Card[];
  try {
    deck = arrangeDeck(base, holes, board);
  } catch (e) {
    const message = (e as Error).message;
    return fail(
      /Duplicate/.test(message) ? 'duplicate-card' : 'parse-error',
      `the deal is impossible: ${message}`,
    );
  }
  const created = createHand({ ...base, deck });
  if ('error' in created) return fail('unsupported', created.error.message);
  let state = created.state;
  if (n >= 3 && state.smallBlindSeat !== seatOf[0]) {
    return fail('unsupported', 'players are not ordered from the small blind to the button');
  }

  let boardSeen = 0;
  for (const { index, words } of steps) {
    const text = `action ${index + 1} "${hand.actions[index]}"`;
    if (words[0] === 'd') {
      if (words[1] === 'dh') continue;
      if (words[1] !== 'db') return fail('parse-error', `${text}: unknown dealer action`, index);
      const count = (words[2] ?? '').length / 2;
      if (count === 0) return fail('parse-error', `${text}: no board cards`, index);
      if (state.board.length < boardSeen + count) {
        return fail(
          'board-out-of-order',
          `${text}: the board is dealt before the betting round is over`,
          index,
        );
      }
      boardSeen += count;
      continue;
    }
    let seat: number;
    try {
      seat = playerSeat(words[0], seatOf);
    } catch (e) {
      return fail('parse-error', `${text}: ${(e as Error).message}`, index);
    }
    const verb = words[1];
    if (verb === 'sm') {
      const player = state.seats.find((s) => s.seat === seat)!;
      if (player.folded) return fail('illegal-action', `${text}: ${words[0]} folded and cannot show`, index);
      if (words[2] && words[2] !== '-' && !/^\?+$/.test(words[2])) {
        // Two characters a card; '??' is a card kept back.
        const words2 = words[2].match(/.{1,2}/g) ?? [];
        const held = player.holeCards.map((c) => formatCards([c]));
        let wrong = words2.length !== held.length;
        try {
          words2.forEach((w, i) => {
            if (w !== '??' && formatCards(parseCards(w)) !== held[i]) wrong = true;
          });
        } catch (e) {
          return fail('parse-error', `${text}: ${(e as Error).message}`, index);
        }
        if (wrong) {
          return fail('wrong-cards', `${text}: ${words[0]} holds ${formatCards(player.holeCards)}`, index);
        }
      }
      continue;
    }
    const type = phhVerb(state, verb);
    if (type === null) return fail('parse-error', `${text}: unknown action "${verb}"`, index);
    const amount = verb === 'cbr' ? Number(words[2]) : undefined;
    if (state.toAct !== null && state.toAct !== seat) {
      const actor = seatOf.indexOf(state.toAct);
      return fail('out-of-turn', `${text}: out of turn, p${actor + 1} is to act`, index);
    }
    const result = applyAction(state, { seat, type, amount });
    if ('error' in result) {
      const { code: engineCode } = result.error;
      const code =
        engineCode === 'invalid-config' || engineCode === 'invalid-state' ? 'illegal-action' : engineCode;
      return fail(code, `${text}: ${result.error.message}`, index);
    }
    state = result.state;
  }
  if (state.phase !== 'complete') return fail('incomplete-hand', 'the actions end before the hand is over');
  const finishingStacks = seatOf.map((seat) => state.seats.find((s) => s.seat === seat)!.stack);
  if (hand.finishingStacks && hand.finishingStacks.some((v, i) => v !== finishingStacks[i])) {
    return fail(
      'finishing-stacks-mismatch',
      `finishing_stacks [${hand.finishingStacks.join(', ')}] do not follow from the actions, which give [${finishingStacks.join(', ')}]`,
    );
  }
  return { ok: true, replay: { state, record: handRecord(state)!, finishingStacks } };
}

function phhVerb(state: HandState, verb: string): ActionType | null {
  if (verb === 'f') return 'fold';
  if (verb === 'cc') return (legalActions(state)?.toCall ?? 0) > 0 ? 'call' : 'check';
  if (verb === 'cbr') return state.currentBet === 0 ? 'bet' : 'raise';
  return null;
}

function playerSeat(word: string | undefined, seatOf: number[]): number {
  const match = /^p(\d+)$/.exec(word ?? '');
  const i = match ? Number(match[1]) - 1 : -1;
  if (i < 0 || i >= seatOf.length) throw new RangeError(`no player "${word}"`);
  return seatOf[i];
}

function tomlString(value: string): string {
  return `'${value.replace(/'/g, '’')}'`;
}

/**
 * A small TOML subset: `key = value` lines with integers, floats, booleans, 'literal' and "basic"
 * strings and (multi-line) arrays of those; `#` comments. Enough for PHH; tables are not supported.
 */
export function parseTomlSubset(text: string): Record<string, TomlValue> {
  const out: Record<string, TomlValue> = {};
  let pos = 0;
  const fail = (message: string): never => {
    const line = text.slice(0, pos).split('\n').length;
    throw new SyntaxError(`TOML line ${line}: ${message}`);
  };
  const skipSpace = (newlines: boolean) => {
    for (;;) {
      const c = text[pos];
      if (c === ' ' || c === '\t' || c === '\r' || (newlines && c === '\n')) pos++;
      else if (c === '#') while (pos < text.length && text[pos] !== '\n') pos++;
      else return;
    }
  };
  const value = (): TomlValue => {
    const c = text[pos];
    if (c === "'") {
      const end = text.indexOf("'", pos + 1);
      if (end < 0 || text.slice(pos, end).includes('\n')) fail('unterminated string');
      const s = text.slice(pos + 1, end);
      pos = end + 1;
      return s;
    }
    if (c === '"') {
      let s = '';
      pos++;
      while (text[pos] !== '"') {
        if (pos >= text.length || text[pos] === '\n') fail('unterminated string');
        if (text[pos] === '\\') {
          const e = text[pos + 1];
          s += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          pos += 2;
        } else s += text[pos++];
      }
      pos++;
      return s;
    }
    if (c === '[') {
      pos++;
      const items: TomlValue[] = [];
      for (;;) {
        skipSpace(true);
        if (text[pos] === ']') {
          pos++;
          return items;
        }
        items.push(value());
        skipSpace(true);
        if (text[pos] === ',') pos++;
        else if (text[pos] !== ']') fail('expected , or ] in a list');
      }
    }
    const m = /^(true|false|[+-]?\d[\d_]*(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(pos, pos + 64));
    if (!m) return fail(`unexpected "${text.slice(pos, pos + 10)}"`);
    pos += m[0].length;
    if (m[0] === 'true' || m[0] === 'false') return m[0] === 'true';
    return Number(m[0].replace(/_/g, ''));
  };
  for (;;) {
    skipSpace(true);
    if (pos >= text.length) return out;
    const m = /^[A-Za-z0-9_-]+/.exec(text.slice(pos, pos + 200));
    if (!m) fail('expected a key');
    const key = m![0];
    pos += key.length;
    skipSpace(false);
    if (text[pos] !== '=') fail(`expected = after ${key}`);
    pos++;
    skipSpace(false);
    if (key in out) fail(`duplicate key ${key}`);
    out[key] = value();
    skipSpace(false);
    if (pos < text.length && text[pos] !== '\n') fail('expected the end of the line');
  }
}
