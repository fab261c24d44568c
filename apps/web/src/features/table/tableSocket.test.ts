import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { event, headsUpStart, snapshot, tableInfo, tableSeat } from './tableFixtures';
import { FakeSocket } from '../../test/fakeSocket';
import { TableCommandError, TableSocket, tableSocketUrl } from './tableSocket';

let sockets: FakeSocket[];
const seats = [tableSeat(0, 1, 'bat'), tableSeat(3, 2, 'dorj')];

function client(token: string | null = 'tok', onServerRestart?: (restarting: boolean) => void) {
  return new TableSocket({
    url: 'ws://host/ws/table/7',
    getToken: () => token,
    onServerRestart,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    logger: { warn: vi.fn(), error: vi.fn() },
  });
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the table socket', () => {
  it('builds the channel URL from the API host, ws for http and wss for https', () => {
    expect(tableSocketUrl('http://127.0.0.1:3000', 7)).toBe('ws://127.0.0.1:3000/ws/table/7');
    expect(tableSocketUrl('https://poker.mn', '12')).toBe('wss://poker.mn/ws/table/12');
  });

  it('sends AUTH with the stored token on open; without a token it stays a spectator', () => {
    const signedIn = client('tok');
    signedIn.connect();
    sockets[0].serverOpens();
    expect(sockets[0].messages[0]).toMatchObject({ type: 'AUTH', token: 'tok' });
    const spectator = client(null);
    spectator.connect();
    sockets[1].serverOpens();
    expect(sockets[1].messages).toEqual([]);
  });

  it('reconnects after a drop without a reload and asks RESUME from the last applied event', () => {
    const table = client();
    table.connect();
    sockets[0].serverOpens();
    sockets[0].serverSendsMessage(
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
    );
    for (const message of headsUpStart(5, ['As', 'Kd']).slice(0, 3)) sockets[0].serverSendsMessage(message);
    expect(table.getState().seq).toBe(7);
    sockets[0].serverCloses();
    expect(table.getState().connection).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    sockets[1].serverOpens();
    expect(sockets[1].messages.map((m) => m.type)).toEqual(['AUTH', 'RESUME']);
    expect(sockets[1].messages[1]).toMatchObject({ lastSeq: 7 });
    // The server replays the missed events; the table is whole again.
    for (const message of headsUpStart(5, ['As', 'Kd'])) sockets[1].serverSendsMessage(message);
    expect(table.getState().seq).toBe(10);
    expect(table.getState().hand?.seats.find((s) => s.seat === 0)?.cards).toEqual(['As', 'Kd']);
  });

  it('asks RESUME once when an event is missing, and a fresh snapshot heals the gap', () => {
    const table = client();
    table.connect();
    sockets[0].serverOpens();
    sockets[0].serverSendsMessage(snapshot({ seq: 4, table: tableInfo(seats) }));
    sockets[0].serverSendsMessage(event(6, { type: 'jackpot', amount: 1 }));
    sockets[0].serverSendsMessage(event(7, { type: 'jackpot', amount: 2 }));
    const resumes = sockets[0].messages.filter((m) => m.type === 'RESUME');
    expect(resumes).toEqual([{ type: 'RESUME', lastSeq: 4, requestId: 'resume' }]);
    sockets[0].serverSendsMessage(snapshot({ seq: 7, table: tableInfo(seats), jackpot: 2 }));
    expect(table.getState()).toMatchObject({ outOfSync: false, seq: 7, jackpot: 2 });
  });

  it('resolves a command on ACK and rejects it with the REJECT code', async () => {
    const table = client();
    table.connect();
    sockets[0].serverOpens();
    const sit = table.send({ type: 'SIT', seat: 2, amount: 500 });
    const sent = sockets[0].messages.at(-1)!;
    expect(sent).toMatchObject({ type: 'SIT', seat: 2, amount: 500 });
    sockets[0].serverSendsMessage({ type: 'ACK', requestId: sent.requestId });
    await expect(sit).resolves.toBeUndefined();

    const again = table.send({ type: 'SIT', seat: 2, amount: 500 });
    const second = sockets[0].messages.at(-1)!;
    sockets[0].serverSendsMessage({
      type: 'REJECT',
      requestId: second.requestId,
      code: 'seat_taken',
      message: 'Taken',
    });
    await expect(again).rejects.toMatchObject({ code: 'seat_taken' });
    expect(table.getState().error).toBe('Taken');
  });

  it('refuses to send while offline and stops retrying for an unknown table', async () => {
    const table = client();
    await expect(table.send({ type: 'LEAVE' })).rejects.toBeInstanceOf(TableCommandError);
    table.connect();
    sockets[0].serverOpens();
    sockets[0].serverSendsMessage({ type: 'ERROR', code: 'not_found', message: 'No such table' });
    sockets[0].serverCloses();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(table.getState().connection).toBe('not-found');
  });

  it('a close with 1012 (server restarting) is reported while it reconnects and resumes, and ends when the table answers', () => {
    const onServerRestart = vi.fn();
    const table = client('tok', onServerRestart);
    table.connect();
    sockets[0].serverOpens();
    sockets[0].serverSendsMessage(
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
    );
    sockets[0].serverCloses(1012);
    expect(onServerRestart.mock.calls).toEqual([[true]]);
    expect(table.getState().connection).toBe('reconnecting');
    // The usual policy: 1000 ms × attempt; the new process is not listening yet.
    vi.advanceTimersByTime(1000);
    sockets[1].serverCloses(1006);
    vi.advanceTimersByTime(2000);
    sockets[2].serverOpens();
    expect(sockets[2].messages).toEqual([
      expect.objectContaining({ type: 'AUTH', token: 'tok' }),
      expect.objectContaining({ type: 'RESUME', lastSeq: 4 }),
    ]);
    expect(onServerRestart.mock.calls).toEqual([[true]]);
    sockets[2].serverSendsMessage(
      snapshot({ seq: 9, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
    );
    expect(onServerRestart.mock.calls).toEqual([[true], [false]]);
    expect(table.getState().connection).toBe('live');
  });

  it('an ordinary drop is no restart, and leaving the table ends a restart notice', () => {
    const onServerRestart = vi.fn();
    const table = client('tok', onServerRestart);
    table.connect();
    sockets[0].serverOpens();
    sockets[0].serverCloses(1006);
    expect(onServerRestart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    sockets[1].serverOpens();
    sockets[1].serverCloses(1012);
    table.close();
    expect(onServerRestart.mock.calls).toEqual([[true], [false]]);
  });

  it('logs unparseable frames and carries on', () => {
    const table = client();
    table.connect();
    sockets[0].serverOpens();
    sockets[0].onmessage?.(new MessageEvent('message', { data: '{oops' }));
    sockets[0].serverSendsMessage(snapshot({ seq: 1 }));
    expect(table.getState().seq).toBe(1);
  });
});
