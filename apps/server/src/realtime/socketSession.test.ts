// The one socket session both channels use, on a fake socket: the rate window, revocation (4001),
// the heartbeat, and the roster that indexes sessions by user.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SessionEvents } from '../auth/sessionEvents.js';
import { hashToken } from '../auth/tokens.js';
import { SessionRoster, SocketSession, type Authenticate } from './socketSession.js';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 1;
  bufferedAmount = 0;
  sent: Array<{ type: string; code?: string }> = [];
  closedWith: number | null = null;
  terminated = false;
  pings = 0;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 2;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  ping() {
    this.pings += 1;
  }
}

const TOKEN = 'a'.repeat(43);
const OTHER_TOKEN = 'b'.repeat(43);
const holders = new Map<string, number>([
  [TOKEN, 7],
  [OTHER_TOKEN, 7],
]);
const authenticate: Authenticate = async (token) => {
  const id = holders.get(token);
  return id === undefined ? null : { id };
};

function open(roster: SessionRoster<SocketSession>, perSecond = 3) {
  const socket = new FakeSocket();
  const session = new SocketSession(socket as unknown as WebSocket, authenticate, perSecond);
  roster.add(session);
  return { socket, session };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('the socket session', () => {
  it('a client over its rate is told too_many_messages, closed with 1008, and ignored afterwards', () => {
    const roster = new SessionRoster<SocketSession>();
    const { socket, session } = open(roster, 3);
    expect([session.admit(), session.admit(), session.admit()]).toEqual([true, true, true]);
    expect(session.admit()).toBe(false);
    expect(socket.sent.at(-1)).toMatchObject({ type: 'ERROR', code: 'too_many_messages' });
    expect(socket.closedWith).toBe(1008);
    expect(session.admit()).toBe(false);
    roster.close();
  });

  it('a logout of the token a socket signed in with closes it (4001) and drops it from its user', async () => {
    const events = new SessionEvents();
    const roster = new SessionRoster<SocketSession>();
    roster.follow(events);
    const a = open(roster);
    const b = open(roster);
    roster.signIn(a.session, 7, TOKEN);
    roster.signIn(b.session, 7, OTHER_TOKEN);
    events.emit({ userId: 7, tokenHash: hashToken(TOKEN), revoked: true });
    await settle();
    expect(a.socket.closedWith).toBe(4001);
    expect(b.socket.closedWith).toBeNull();
    expect([...roster.ofUser(7)]).toEqual([b.session]);
    roster.close();
  });

  it('revoking every token but the one that changed the password closes the other sockets of the user', async () => {
    const events = new SessionEvents();
    const roster = new SessionRoster<SocketSession>();
    roster.follow(events);
    const keep = open(roster);
    const other = open(roster);
    const spectator = open(roster);
    roster.signIn(keep.session, 7, TOKEN);
    roster.signIn(other.session, 7, OTHER_TOKEN);
    events.emit({ userId: 7, revoked: true, except: hashToken(TOKEN) });
    await settle();
    expect(keep.socket.closedWith).toBeNull();
    expect(other.socket.closedWith).toBe(4001);
    expect(spectator.socket.closedWith).toBeNull();
    roster.close();
  });

  it('an account change closes only the sockets whose token no longer holds', async () => {
    const events = new SessionEvents();
    const roster = new SessionRoster<SocketSession>();
    roster.follow(events);
    const holding = open(roster);
    const lapsed = open(roster);
    roster.signIn(holding.session, 7, TOKEN);
    roster.signIn(lapsed.session, 7, OTHER_TOKEN);
    holders.delete(OTHER_TOKEN);
    try {
      events.emit({ userId: 7, revoked: false });
      await settle();
      expect(holding.socket.closedWith).toBeNull();
      expect(lapsed.socket.closedWith).toBe(4001);
    } finally {
      holders.set(OTHER_TOKEN, 7);
      roster.close();
    }
  });

  it('the heartbeat drops a socket that did not answer the last ping and keeps one that did', async () => {
    const roster = new SessionRoster<SocketSession>(undefined, 60_000);
    const quiet = open(roster);
    const answering = open(roster);
    const beat = () => (roster as unknown as { beat(): void }).beat();
    beat();
    answering.socket.emit('pong');
    beat();
    expect(quiet.socket.terminated).toBe(true);
    expect(answering.socket.terminated).toBe(false);
    expect(roster.size).toBe(1);
    roster.close();
  });
});
