import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCards } from './cards.js';
import { applyAction, arrangeDeck, createHand } from './hand.js';
import type { HandConfig, HandState } from './hand-types.js';
import { parsePHH, parseTomlSubset, replayPHH, toPHH } from './phh.js';
import { handRecord } from './record.js';

const dir = fileURLToPath(new URL('../test/phh/', import.meta.url));
const files = (sub: string) => readdirSync(dir + sub).filter((f) => f.endsWith('.phh'));
const read = (sub: string, file: string) => readFileSync(`${dir}${sub}/${file}`, 'utf8');

describe('PHH test data', () => {
  it.each(files('valid'))('%s replays action by action to its finishing stacks', (file) => {
    const text = read('valid', file);
    const result = replayPHH(text);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    const hand = parsePHH(text);
    expect('hand' in hand && hand.hand.finishingStacks).toEqual(result.replay.finishingStacks);
  });

  const reasons: Record<string, string> = {
    '07_wrong_finishing_stacks.phh': 'finishing-stacks-mismatch',
    '08_illegal_out_of_turn.phh': 'out-of-turn',
    '09_illegal_min_raise.phh': 'bad-amount',
    '11_duplicate_card.phh': 'duplicate-card',
  };
  it.each(files('invalid'))('%s is rejected, naming why', (file) => {
    const result = replayPHH(read('invalid', file));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe(reasons[file]);
  });

  it('a raise below the minimum is refused with a message naming the minimum raise', () => {
    const result = replayPHH(read('invalid', '09_illegal_min_raise.phh'));
    expect(!result.ok && result.error.message).toMatch(/minimum raise.*at least 6/);
    expect(!result.ok && result.error.actionIndex).toBe(4);
  });
});

function playedHand(): HandState {
  const base: Omit<HandConfig, 'deck'> = {
    variant: 'holdem-nl',
    seats: [
      { seat: 1, playerId: 'ann', stack: 300 },
      { seat: 4, playerId: 'bat', stack: 80 },
      { seat: 6, playerId: 'dorj', stack: 500 },
    ],
    button: 6,
    smallBlind: 5,
    bigBlind: 10,
    rake: { percent: 5, cap: 20 },
    handNumber: 42,
    tableId: 'ulaanbaatar-1',
    seedCommitment: 'ab12',
  };
  const deck = arrangeDeck(
    base,
    { 1: parseCards('AsKs'), 4: parseCards('7c7d'), 6: parseCards('QhJh') },
    parseCards('2s9s7h3c4d'),
  );
  const created = createHand({ ...base, deck });
  if ('error' in created) throw new Error(created.error.message);
  let state = created.state;
  const steps: [number, 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'allin', number?][] = [
    [6, 'raise', 30],
    [1, 'call'],
    [4, 'allin'],
    [6, 'call'],
    [1, 'call'],
    [1, 'bet', 40],
    [6, 'raise', 120],
    [1, 'call'],
    [1, 'check'],
    [6, 'check'],
    [1, 'check'],
    [6, 'check'],
  ];
  for (const [seat, type, amount] of steps) {
    const result = applyAction(state, { seat, type, amount });
    if ('error' in result) throw new Error(`${seat} ${type}: ${result.error.message}`);
    state = result.state;
  }
  return state;
}

describe('PHH export', () => {
  it('writes players from the small blind to the button with raise-TO amounts and shows', () => {
    const record = handRecord(playedHand())!;
    const text = toPHH(record);
    const fields = parseTomlSubset(text);
    expect(fields.variant).toBe('NT');
    expect(fields.players).toEqual(['ann', 'bat', 'dorj']);
    expect(fields.seats).toEqual([2, 5, 7]);
    expect(fields.blinds_or_straddles).toEqual([5, 10, 0]);
    expect(fields.starting_stacks).toEqual([300, 80, 500]);
    expect(fields.hand).toBe(42);
    expect(fields._seed_commitment).toBe('ab12');
    expect(fields.actions).toEqual([
      'd dh p1 AsKs',
      'd dh p2 7c7d',
      'd dh p3 QhJh',
      'p3 cbr 30',
      'p1 cc',
      'p2 cbr 80',
      'p3 cc',
      'p1 cc',
      'd db 2s9s7h',
      'p1 cbr 40',
      'p3 cbr 120',
      'p1 cc',
      'd db 3c',
      'p1 cc',
      'p3 cc',
      'd db 4d',
      'p1 cc',
      'p3 cc',
      'p1 sm AsKs',
      'p2 sm 7c7d',
      'p3 sm',
    ]);
    expect(fields.finishing_stacks).toEqual([330, 230, 300]);
    expect(fields._rake).toBe(20);
  });

  it('round trip: an exported hand replays to the same finishing stacks', () => {
    const state = playedHand();
    const result = replayPHH(toPHH(handRecord(state)!));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.replay.state.seats.map((s) => s.stack)).toEqual(state.seats.map((s) => s.stack));
    expect(result.replay.state.rake).toBe(state.rake);
  });

  it('heads-up the big blind is p1 and the blinds are written [SB, BB]', () => {
    const text = read('valid', '01_headsup_nlhe_showdown.phh');
    const result = replayPHH(text);
    if (!result.ok) throw new Error(result.error.message);
    const again = parseTomlSubset(toPHH(result.replay.record));
    expect(again.blinds_or_straddles).toEqual([1, 2]);
    expect(again.players).toEqual(['alice', 'bob']);
    expect(again.finishing_stacks).toEqual([234, 166]);
  });

  it('a viewer’s export hides hole cards that were never shown', () => {
    const record = handRecord(playedHand())!;
    const fields = parseTomlSubset(toPHH(record, { viewer: 4 }));
    expect((fields.actions as string[]).slice(0, 3)).toEqual([
      'd dh p1 AsKs',
      'd dh p2 7c7d',
      'd dh p3 ????',
    ]);
  });

  it('reads the TOML PHH uses: comments, both kinds of strings, multi-line lists, numbers', () => {
    const fields = parseTomlSubset(
      [
        '# a comment',
        "variant = 'NT'   # trailing comment",
        'players = ["a\\"b", \'c\']',
        'actions = [',
        "  'd dh p1 AsKd',  # dealt",
        "  'p1 f',",
        ']',
        'min_bet = 1_000',
        '_rake_percent = 2.5',
        'flag = true',
      ].join('\n'),
    );
    expect(fields).toEqual({
      variant: 'NT',
      players: ['a"b', 'c'],
      actions: ['d dh p1 AsKd', 'p1 f'],
      min_bet: 1000,
      _rake_percent: 2.5,
      flag: true,
    });
    expect(() => parseTomlSubset("a = 'x'\na = 'y'")).toThrow(/duplicate key/);
    expect(() => parseTomlSubset('[table]')).toThrow(SyntaxError);
  });

  it('a board dealt before the betting round is over, wrong shown cards and a cut-off hand are named', () => {
    const head = [
      "variant = 'NT'",
      'antes = [0, 0]',
      'blinds_or_straddles = [1, 2]',
      'min_bet = 2',
      'starting_stacks = [100, 100]',
    ].join('\n');
    const early = replayPHH(`${head}\nactions = ['d dh p1 AsKd', 'd dh p2 QhQs', 'p2 cc', 'd db 2c3c4c']`);
    expect(!early.ok && early.error.code).toBe('board-out-of-order');
    const wrong = replayPHH(
      `${head}\nactions = ['d dh p1 AsKd', 'd dh p2 QhQs', 'p2 cbr 100', 'p1 cc', 'p1 sm AsKh', 'p2 sm QhQs', 'd db 2c3c4c', 'd db 5d', 'd db 9h']`,
    );
    expect(!wrong.ok && wrong.error.code).toBe('wrong-cards');
    const cut = replayPHH(`${head}\nactions = ['d dh p1 AsKd', 'd dh p2 QhQs', 'p2 cc']`);
    expect(!cut.ok && cut.error.code).toBe('incomplete-hand');
  });

  it('rejects malformed PHH with a parse error instead of throwing', () => {
    for (const text of [
      "variant = 'XX'",
      'variant = ',
      "variant = 'NT'\nantes = [0, 0",
      "variant='NT'\nantes=[0,0]",
    ]) {
      const result = replayPHH(text);
      expect(result.ok).toBe(false);
    }
  });
});
