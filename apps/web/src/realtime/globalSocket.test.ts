import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GlobalSocket, globalSocketUrl, type GlobalSocketOptions } from './globalSocket';
import { FakeSocket } from '../test/fakeSocket';

function setup(more: Partial<GlobalSocketOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const logger = { warn: vi.fn(), error: vi.fn() };
  const onBalance = vi.fn();
  const onJackpot = vi.fn();
  const client = new GlobalSocket({
    url: 'ws://host/ws/global',
    token: 'tok-1',
    onBalance,
    onJackpot,
    logger,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    ...more,
  });
  return { client, sockets, logger, onBalance, onJackpot };
}

describe('the /ws/global connection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends AUTH with the token when the socket opens', () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0].serverOpens();
    expect(sockets[0].url).toBe('ws://host/ws/global');
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ type: 'AUTH', token: 'tok-1' });
  });

  it('never opens a second connection while one is connecting or open', () => {
    const { client, sockets } = setup();
    client.connect();
    client.connect();
    expect(sockets).toHaveLength(1);
    sockets[0].serverOpens();
    client.connect();
    expect(sockets).toHaveLength(1);
  });

  it('retries 5 times waiting 2000 ms × attempt, then gives up with a console warning', () => {
    const { client, sockets, logger } = setup();
    client.connect();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      sockets[attempt - 1].serverCloses();
      vi.advanceTimersByTime(2000 * attempt - 1);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
    }
    expect(logger.warn).not.toHaveBeenCalled();
    sockets[5].serverCloses();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(6);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it('does not open another socket while a retry is already waiting', () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0].serverCloses();
    client.connect();
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(2);
  });

  it('starts counting attempts afresh after a successful open', () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0].serverCloses();
    vi.advanceTimersByTime(2000);
    sockets[1].serverCloses();
    vi.advanceTimersByTime(4000);
    sockets[2].serverOpens();
    sockets[2].serverCloses();
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(4);
  });

  it('closing on purpose (the user went away) stops all retries', () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0].serverOpens();
    client.close();
    expect(sockets[0].closedByClient).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('closing while a retry waits cancels it', () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0].serverCloses();
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('passes BALANCE_UPDATE and JACKPOT_UPDATE to their handlers', () => {
    const { client, sockets, onBalance, onJackpot } = setup();
    client.connect();
    sockets[0].serverOpens();
    sockets[0].serverSends(
      JSON.stringify({ type: 'BALANCE_UPDATE', data: { userId: 11, balance: 4200, locked: 300 } }),
    );
    sockets[0].serverSends(JSON.stringify({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: 987654 }));
    expect(onBalance).toHaveBeenCalledWith(11, 4200, 300);
    expect(onJackpot).toHaveBeenCalledWith(987654);
  });

  it('only logs an unparseable message with console.error and keeps the connection', () => {
    const { client, sockets, logger, onBalance } = setup();
    client.connect();
    sockets[0].serverOpens();
    sockets[0].serverSends('{not json');
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(onBalance).not.toHaveBeenCalled();
    expect(sockets[0].closedByClient).toBe(false);
  });

  it('builds the socket URL from the API host, https becoming wss', () => {
    expect(globalSocketUrl('https://poker.mn')).toBe('wss://poker.mn/ws/global');
    expect(globalSocketUrl('http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000/ws/global');
  });

  it('does not reconnect after the server ended the session (4001) and tells the app', () => {
    const { client, sockets } = setup();
    const onSessionEnded = vi.fn();
    (client as unknown as { options: { onSessionEnded: () => void } }).options.onSessionEnded =
      onSessionEnded;
    client.connect();
    sockets[0].serverOpens();
    sockets[0].serverCloses(4001);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a close with 1012 (server restarting) is reported while it reconnects as usual, and ends when it is back', () => {
    const onServerRestart = vi.fn();
    const { client, sockets } = setup({ onServerRestart });
    client.connect();
    sockets[0].serverOpens();
    sockets[0].serverCloses(1006);
    expect(onServerRestart).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    sockets[1].serverOpens();
    sockets[1].serverCloses(1012);
    expect(onServerRestart.mock.calls).toEqual([[true]]);
    vi.advanceTimersByTime(2000);
    sockets[2].serverCloses(1006);
    expect(onServerRestart.mock.calls).toEqual([[true]]);
    vi.advanceTimersByTime(4000);
    sockets[3].serverOpens();
    expect(onServerRestart.mock.calls).toEqual([[true], [false]]);
    expect(JSON.parse(sockets[3].sent[0])).toEqual({ type: 'AUTH', token: 'tok-1' });
  });

  it('a restart notice ends when the reconnects give up, and when the page closes the socket', () => {
    const onServerRestart = vi.fn();
    const { client, sockets } = setup({ onServerRestart });
    client.connect();
    sockets[0].serverOpens();
    sockets[0].serverCloses(1012);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      vi.advanceTimersByTime(2000 * attempt);
      sockets[attempt].serverCloses(1006);
    }
    expect(onServerRestart.mock.calls).toEqual([[true], [false]]);
    client.connect();
    sockets.at(-1)!.serverOpens();
    sockets.at(-1)!.serverCloses(1012);
    client.close();
    expect(onServerRestart.mock.calls).toEqual([[true], [false], [true], [false]]);
  });
});
