import { describe, expect, it } from 'vitest';
import type { ChatLine } from '@tenger/protocol';
import type { HandResultView } from '../tableState';
import { applyChat, applyHandResult, visibleEntries, type ChatEntry } from './chatLog';

const line = (id: number, userId: number, text: string, time = id * 1000): ChatLine => ({
  type: 'chat',
  id,
  userId,
  username: `u${userId}`,
  text,
  time,
});
const result = (handNumber: number, winners: HandResultView['winners']): HandResultView => ({
  handId: `h${handNumber}`,
  handNumber,
  results: [],
  winners,
  rake: 0,
  jackpotContribution: 0,
  jackpotPayouts: [],
  deckCommitment: '',
  playerSeeds: [],
});
const texts = (entries: ChatEntry[]) =>
  entries.map((e) => (e.kind === 'chat' ? e.line.text : `dealer ${e.username} ${e.amount}`));

describe('the table chat log', () => {
  it('interleaves dealer lines with players lines in the order they arrived', () => {
    let log = applyChat([], { type: 'CHAT', lines: [line(1, 7, 'gl')] });
    log = applyHandResult(
      log,
      result(3, [{ seat: 2, amount: 400, handName: null }]),
      () => ({ username: 'ann', best: null }),
      5,
    );
    log = applyChat(log, { type: 'CHAT', lines: [line(2, 8, 'nh')] });
    expect(texts(log)).toEqual(['gl', 'dealer ann 400', 'nh']);
  });

  it('adds up the pots one player won into one dealer line, once per hand', () => {
    const won = result(4, [
      { seat: 1, amount: 300, handName: null },
      { seat: 1, amount: 120, handName: null },
    ]);
    let log = applyHandResult([], won, () => ({ username: 'bo', best: null }), 1);
    log = applyHandResult(log, won, () => ({ username: 'bo', best: null }), 2);
    expect(texts(log)).toEqual(['dealer bo 420']);
  });

  it('replaces the players lines with the history sent on rejoining, and drops duplicates', () => {
    let log = applyChat([], { type: 'CHAT', lines: [line(1, 7, 'a')] });
    log = applyChat(log, { type: 'CHAT', lines: [line(1, 7, 'a')] });
    expect(texts(log)).toEqual(['a']);
    log = applyChat(log, { type: 'CHAT', lines: [line(1, 7, 'a'), line(2, 7, 'b')], history: true });
    expect(texts(log)).toEqual(['a', 'b']);
  });

  it('hides the lines of players the viewer muted, never the dealer', () => {
    let log = applyChat([], { type: 'CHAT', lines: [line(1, 7, 'spam'), line(2, 8, 'hi')] });
    log = applyHandResult(
      log,
      result(1, [{ seat: 0, amount: 10, handName: null }]),
      () => ({ username: 'x', best: null }),
      9,
    );
    expect(texts(visibleEntries(log, new Set([7])))).toEqual(['hi', 'dealer x 10']);
  });
});
