import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ReconnectingSocket,
  SPEC_RECONNECT_POLICY,
  type ReconnectingSocketOptions,
} from './reconnectingSocket';
import { FakeSocket } from '../test/fakeSocket';

function setup(overrides: Partial<ReconnectingSocketOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const events: string[] = [];
  const logger = { warn: vi.fn(), error: vi.fn() };
  const link = new ReconnectingSocket({
    url: 'ws://host/ws/x',
    name: '/ws/x',
    policy: SPEC_RECONNECT_POLICY,
    logger,
    onOpen: () => events.push('open'),
    onMessage: (data) => events.push(`message ${String(data)}`),
    onRetry: (attempt) => events.push(`retry ${attempt}`),
    onGiveUp: () => events.push('gave up'),
    onServerRestart: (restarting) => events.push(`restarting ${restarting}`),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    ...overrides,
  });
  return { link, sockets, events, logger };
}

describe('the reconnecting socket both channels use', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows the spec: 5 reconnects waiting 2000 ms × attempt, then gives up with a warning', () => {
    const { link, sockets, events, logger } = setup();
    link.connect();
    sockets[0].serverCloses();
    for (let attempt = 1; attempt <= 5; attempt++) {
      vi.advanceTimersByTime(2000 * attempt - 1);
      expect(sockets).toHaveLength(attempt);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(attempt + 1);
      sockets[attempt].serverCloses();
    }
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(6);
    expect(events.filter((e) => e.startsWith('retry'))).toEqual([
      'retry 1',
      'retry 2',
      'retry 3',
      'retry 4',
      'retry 5',
    ]);
    expect(events.at(-1)).toBe('gave up');
    expect(logger.warn).toHaveBeenCalledWith('/ws/x: gave up after 5 reconnect attempts');
  });

  it('a channel policy of its own is followed (the table: 1 s × attempt, at most 10 s)', () => {
    const { link, sockets } = setup({
      policy: { maxAttempts: 10, delayMs: (a) => Math.min(10_000, 1000 * a) },
    });
    link.connect();
    sockets[0].serverCloses();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('a successful open counts the attempts afresh', () => {
    const { link, sockets } = setup();
    link.connect();
    sockets[0].serverCloses();
    vi.advanceTimersByTime(2000);
    sockets[1].serverCloses();
    expect(link.reconnectAttempts).toBe(2);
    vi.advanceTimersByTime(4000);
    sockets[2].serverOpens();
    expect(link.reconnectAttempts).toBe(0);
  });

  it('never opens a second socket while one is connecting, open or waiting to retry; reconnectNow skips the wait', () => {
    const { link, sockets } = setup();
    link.connect();
    link.connect();
    expect(sockets).toHaveLength(1);
    sockets[0].serverCloses();
    link.connect();
    expect(sockets).toHaveLength(1);
    link.reconnectNow();
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('a close the channel refuses (session ended, no such table) is not reconnected', () => {
    const { link, sockets } = setup({ onClose: (event) => event?.code !== 4001 });
    link.connect();
    sockets[0].serverCloses(4001);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(link.isStopped).toBe(true);
  });

  it('a 1012 close is reported as a restart until the server is back, and closing on purpose ends it', () => {
    const { link, sockets, events } = setup();
    link.connect();
    sockets[0].serverOpens();
    sockets[0].serverCloses(1012);
    expect(events).toContain('restarting true');
    vi.advanceTimersByTime(2000);
    sockets[1].serverOpens();
    link.backFromRestart();
    expect(events.at(-1)).toBe('restarting false');
    sockets[1].serverCloses(1012);
    link.close();
    expect(events.at(-1)).toBe('restarting false');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('closing on purpose closes the socket with the given code and stops every retry', () => {
    const { link, sockets } = setup();
    link.connect();
    sockets[0].serverOpens();
    link.close(1000, 'left');
    expect(sockets[0].closedWith).toBe(1000);
    expect(link.openSocket).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
