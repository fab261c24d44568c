// A broadcast builds each distinct frame once (one per viewKey) and serialises it once for the
// sockets that take bytes: every viewer must still get exactly what the per-viewer door builds for
// it alone, with its own hole cards and openings and nobody else's.
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  commitDeck,
  createHand,
  dealtDeck,
  legalActions,
  type HandEvent,
  type HandState,
} from '@tenger/engine';
import type { TableServerMessage } from '@tenger/protocol';
import type { TableViewer } from '../tableLayer.js';
import { frameFor, type HandContext, type LogEntry, type Outgoing } from './viewerDoor.js';
import { ViewerSet } from './viewerSet.js';

class PlainViewer implements TableViewer {
  readonly got: unknown[] = [];
  constructor(public userId: number | null) {}
  send(message: TableServerMessage): void {
    this.got.push(JSON.parse(JSON.stringify(message)));
  }
}

/** A socket-like viewer: it takes the shared bytes when a frame is shared. */
class BytesViewer extends PlainViewer {
  encoded = 0;
  sendEncoded(_message: TableServerMessage, encoded: Buffer): void {
    this.encoded += 1;
    this.got.push(JSON.parse(encoded.toString('utf8')));
  }
}

/** A heads-up-to-showdown hand of three players (users 11, 12, 13 at seats 0, 2, 4): its events. */
function playedHand(): { context: HandContext; events: HandEvent[] } {
  const committed = commitDeck();
  const handId = 'hand-1';
  const created = createHand({
    variant: 'holdem-nl',
    seats: [0, 2, 4].map((seat) => ({ seat, playerId: String(11 + seat / 2), stack: 10_000 })),
    button: 0,
    smallBlind: 50,
    bigBlind: 100,
    deck: dealtDeck(committed, handId, []),
    handNumber: 1,
    deckCommitment: committed.deckCommitment,
  });
  if ('error' in created) throw new Error(String(created.error));
  const events = [...created.events];
  let state: HandState = created.state;
  while (state.toAct !== null) {
    const legal = legalActions(state)!.actions;
    const pick = legal.find((a) => a.type === 'check') ?? legal.find((a) => a.type === 'call')!;
    const result = applyAction(state, { seat: state.toAct, type: pick.type });
    if ('error' in result) throw new Error(String(result.error));
    state = result.state;
    events.push(...result.events);
  }
  const context: HandContext = {
    handId,
    committed,
    seatOwners: new Map([
      [0, 11],
      [2, 12],
      [4, 13],
    ]),
  };
  return { context, events };
}

describe('ViewerSet.broadcast', () => {
  it('gives every viewer what frameFor builds for it alone, building shared frames once', () => {
    const { context, events } = playedHand();
    const set = new ViewerSet((error) => {
      throw error;
    });
    // Players (one socket and one in-process viewer each), a user not dealt in, spectators.
    const viewers = [11, 12, 13, 11, 12, 13, 99, null, null].map((userId, i) =>
      i % 2 === 0 ? new BytesViewer(userId) : new PlainViewer(userId),
    );
    viewers.forEach((v) => set.add(v));
    const entries: LogEntry[] = [
      { kind: 'table', seq: 1, event: { type: 'jackpot', amount: 5_000 } },
      ...events.map((event, i): LogEntry => ({ kind: 'hand', seq: i + 2, event, hand: context })),
    ];
    const outgoings: Outgoing[] = entries.map((entry) => ({ kind: 'event', entry }));
    for (const outgoing of outgoings) set.broadcast(outgoing);

    expect(events.some((e) => e.type === 'hole-cards-dealt')).toBe(true);
    expect(events.some((e) => e.type === 'cards-shown' || e.type === 'street-dealt')).toBe(true);
    for (const viewer of viewers) {
      const alone = outgoings.map((o) => JSON.parse(JSON.stringify(frameFor(viewer, o))) as unknown);
      expect(viewer.got).toEqual(alone);
    }
    // Hole cards: each player's own frame carries its cards; everyone else's carries none.
    const holeFrames = (v: PlainViewer) =>
      (v.got as { event: { type: string; seat: number; cards: string[] | null } }[])
        .map((f) => f.event)
        .filter((e) => e.type === 'hole-cards-dealt');
    for (const viewer of viewers) {
      const seatOf = [...context.seatOwners].find(([, userId]) => userId === viewer.userId)?.[0];
      for (const e of holeFrames(viewer)) expect(e.cards !== null).toBe(e.seat === seatOf);
    }
    const sockets = viewers.filter((v): v is BytesViewer => v instanceof BytesViewer);
    for (const socket of sockets) expect(socket.encoded).toBe(outgoings.length);
  });

  it('shares one serialisation among the viewers of the same frame', () => {
    const set = new ViewerSet(() => undefined);
    const seen: Buffer[] = [];
    for (const userId of [1, 2, null]) {
      set.add({ userId, send: () => undefined, sendEncoded: (_m, encoded) => seen.push(encoded) });
    }
    set.broadcast({ kind: 'event', entry: { kind: 'table', seq: 1, event: { type: 'jackpot', amount: 1 } } });
    expect(seen).toHaveLength(3);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
  });
});
