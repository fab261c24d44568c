import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatCards } from './cards.js';
import { applyAction, createHand } from './hand.js';
import { replayPHH } from './phh.js';
import { toPokerStars } from './pokerstars.js';
import { handRecord, redactRecord, type HandRecord } from './record.js';

const dir = fileURLToPath(new URL('../test/phh/valid/', import.meta.url));
function recordOf(file: string): HandRecord {
  const result = replayPHH(readFileSync(dir + file, 'utf8'));
  if (!result.ok) throw new Error(result.error.message);
  return result.replay.record;
}

describe('hand records', () => {
  it('there is no record until the hand is complete', () => {
    const created = createHand({
      variant: 'holdem-nl',
      seats: [
        { seat: 0, playerId: 'a', stack: 100 },
        { seat: 1, playerId: 'b', stack: 100 },
      ],
      button: 0,
      smallBlind: 1,
      bigBlind: 2,
      deck: Array.from({ length: 52 }, (_, i) => i),
      handNumber: 1,
    });
    expect('state' in created && handRecord(created.state)).toBeNull();
  });

  it('a record holds stacks, every action, the board, shown cards, pots with winners and net results', () => {
    const record = recordOf('02_threeway_allin_two_side_pots.phh');
    expect(record.seats.map((s) => [s.playerId, s.startingStack, s.finalStack, s.net])).toEqual([
      ['p1', 50, 200, 150],
      ['p2', 150, 300, 150],
      ['p3', 300, 300, 0],
      ['p4', 1000, 700, -300],
    ]);
    expect(formatCards(record.board)).toBe('2c7s9h4d3s');
    expect(record.pots.map((p) => [p.amount, p.eligible, p.winners])).toEqual([
      [200, [0, 1, 2, 3], [{ seat: 0, amount: 200 }]],
      [300, [1, 2, 3], [{ seat: 1, amount: 300 }]],
      [300, [2, 3], [{ seat: 2, amount: 300 }]],
    ]);
    expect(record.totalPot).toBe(800);
    expect(
      record.history
        .filter((e) => e.kind === 'action')
        .map((e) => e.kind === 'action' && [e.seat, e.type, e.to]),
    ).toEqual([
      [2, 'allin', 300],
      [3, 'call', 300],
      [0, 'call', 50],
      [1, 'call', 150],
    ]);
    expect(record.seats.every((s) => s.shownCards !== null)).toBe(true);
  });

  it('a redacted record keeps only the viewer’s own and the shown hole cards', () => {
    const record = recordOf('03_split_pot_odd_chip.phh');
    const forFolder = redactRecord(record, 0);
    expect(forFolder.seats.map((s) => formatCards(s.holeCards))).toEqual(['9c9d', 'AhKc', 'AdKh']);
    const everyoneElse = redactRecord(record, null);
    expect(everyoneElse.seats.map((s) => formatCards(s.holeCards))).toEqual(['', 'AhKc', 'AdKh']);
    expect(everyoneElse.history.some((e) => e.kind === 'deal-hole' && e.seat === 0)).toBe(false);
    expect(record.seats[0].holeCards).toHaveLength(2);
  });
});

describe('PokerStars text', () => {
  it('writes the header, blinds, actions with raise sizes, streets, showdown, pots and summary', () => {
    const text = toPokerStars(recordOf('03_split_pot_odd_chip.phh'), {
      startedAt: new Date(Date.UTC(2026, 10, 22, 1, 2, 3)),
      tableName: 'Khangai',
    });
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe("PokerStars Hand #0: Hold'em No Limit (1/2) - 2026/11/22 01:02:03 UTC");
    expect(lines[1]).toBe("Table 'Khangai' 9-max Seat #3 is the button");
    expect(lines).toContain('p1: posts small blind 1');
    expect(lines).toContain('p3: raises 3 to 5');
    expect(lines).toContain('p1: calls 4');
    expect(lines).toContain('*** TURN *** [Ts Jh Qd] [2c]');
    expect(lines).toContain('p2: bets 10');
    expect(lines).toContain('p2: shows [Ah Kc] (a straight, Ace high)');
    expect(lines).toContain('p2 collected 18 from pot');
    expect(lines).toContain('p3 collected 17 from pot');
    expect(lines).toContain('Total pot 35 | Rake 0');
    expect(lines).toContain('Seat 1: p1 (small blind) folded on the River');
    expect(lines).toContain('Seat 2: p2 (big blind) showed [Ah Kc] and won (18) with a straight, Ace high');
  });

  it('puts the showdown after the river even when the hands were turned up all-in, and names side pots', () => {
    const text = toPokerStars(recordOf('02_threeway_allin_two_side_pots.phh'), { currency: '₮', hero: 0 });
    const lines = text.trim().split('\n');
    expect(lines.indexOf('*** SHOW DOWN ***')).toBeGreaterThan(
      lines.findIndex((l) => l.startsWith('*** RIVER ***')),
    );
    expect(lines).toContain('p3: raises ₮298 to ₮300 and is all-in');
    expect(lines).toContain('p2 collected ₮300 from side pot-1');
    expect(lines).toContain('Total pot ₮800 Main pot ₮200. Side pot-1 ₮300. Side pot-2 ₮300. | Rake ₮0');
    expect(lines.filter((l) => l.startsWith('Dealt to'))).toEqual(['Dealt to p1 [Ah Ad]']);
  });

  it("names the table's real size: a 6-seat table is 6-max, so trackers place the seats right", () => {
    const created = createHand({
      variant: 'holdem-nl',
      seats: [
        { seat: 0, playerId: 'a', stack: 100 },
        { seat: 4, playerId: 'b', stack: 100 },
      ],
      button: 0,
      smallBlind: 1,
      bigBlind: 2,
      deck: Array.from({ length: 52 }, (_, i) => i),
      handNumber: 1,
      maxSeats: 6,
    });
    if ('error' in created) throw new Error(created.error.message);
    const folded = applyAction(created.state, { seat: 0, type: 'fold' });
    if ('error' in folded) throw new Error(folded.error.message);
    const record = handRecord(folded.state)!;
    expect(record.maxSeats).toBe(6);
    expect(toPokerStars(record, { tableName: 'Altai' }).split('\n')[1]).toBe(
      "Table 'Altai' 6-max Seat #1 is the button",
    );
    expect(toPokerStars(record, { tableName: 'Altai', maxSeats: 2 }).split('\n')[1]).toMatch(/ 2-max /);
  });

  it('says when an uncalled bet is returned', () => {
    const text = toPokerStars(recordOf('05_everyone_folds.phh'));
    expect(text).toContain('Uncalled bet (4) returned to p3');
    expect(text).toContain('p3 collected 5 from pot');
  });
});
