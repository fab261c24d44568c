// What both WebSocket channels do to stay alive against their own clients: a bound on what may wait
// in a socket's send buffer (a slow reader cannot grow the server's memory) and the close codes they
// use. The cap on sockets per address is SiteSocketCap (socketCap.ts), taken before routing.
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** Bytes that may wait in one socket's send buffer; past this the reader is too slow and is dropped. */
export const SEND_BUFFER_MAX_BYTES = 512 * 1024;
/** Policy violation (too many messages, too many AUTH). */
export const CLOSE_POLICY = 1008;
/** Service Restart: the server is shutting down for a deploy; reconnect in a moment. */
export const CLOSE_SERVICE_RESTART = 1012;
export const SERVICE_RESTART_REASON = 'server restarting';
/** The session ended (logout, password change or reset, block, delete, role change). */
export const CLOSE_SESSION_ENDED = 4001;
/** After a policy close, how long the peer gets to answer the close frame before the socket is destroyed. */
export const POLICY_CLOSE_GRACE_MS = 1_000;

/**
 * Sends one text frame (a string, or JSON text already encoded as UTF-8) unless the socket's send
 * buffer already holds more than `maxBuffered` bytes; then the socket is destroyed (a close frame would
 * only queue behind the backlog). False when not sent.
 */
export function sendBounded(
  socket: WebSocket,
  text: string | Buffer,
  maxBuffered = SEND_BUFFER_MAX_BYTES,
): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > maxBuffered) {
    socket.terminate();
    return false;
  }
  corkForThisTurn(socket);
  socket.send(text, { binary: false });
  return true;
}

/**
 * The TCP sockets under WebSockets sent to while handling one event (a client's message, a timer):
 * corked, so that every frame a socket gets from it (an action's events, the actor's ACK, sent from
 * the promises it resolves) leaves in one write system call, not one each. The writes were most of the
 * server's CPU (bench:load profile, docs/operations.md). Uncorked by one process.nextTick for all of
 * them, which runs once that event's callbacks and promises are done, before the next I/O callback
 * (setImmediate would hold them until the whole poll phase was handled: a higher median latency).
 */
const corked = new Set<Duplex>();

function corkForThisTurn(socket: WebSocket): void {
  // ws keeps its TCP socket as _socket (absent on test doubles and before the upgrade completes).
  const raw = (socket as unknown as { _socket?: Duplex })._socket;
  if (!raw || corked.has(raw) || raw.destroyed) return;
  raw.cork();
  corked.add(raw);
  if (corked.size === 1) process.nextTick(uncorkAll);
}

function uncorkAll(): void {
  const sockets = [...corked];
  corked.clear();
  for (const raw of sockets) {
    try {
      if (!raw.destroyed) raw.uncork();
    } catch {
      // a socket that failed as it flushed: its own 'error' handler ends it
    }
  }
}

/** Closes with a code and reason, and destroys the socket if the peer has not finished closing soon. */
export function closeForPolicy(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === socket.CLOSED) return;
  if (socket.readyState !== socket.CLOSING) socket.close(code, reason);
  setTimeout(() => {
    if (socket.readyState !== socket.CLOSED) socket.terminate();
  }, POLICY_CLOSE_GRACE_MS).unref();
}

/**
 * Closes every socket with `code` and `reason`, waits up to `graceMs` for the peers to finish the
 * close handshake, then destroys the rest. Resolves with the number of sockets closed.
 */
export async function closeEvery(
  sockets: Iterable<WebSocket>,
  code: number,
  reason: string,
  graceMs = POLICY_CLOSE_GRACE_MS * 2,
): Promise<number> {
  const open = [...sockets].filter((s) => s.readyState !== s.CLOSED);
  for (const socket of open) if (socket.readyState !== socket.CLOSING) socket.close(code, reason);
  const deadline = Date.now() + graceMs;
  while (open.some((s) => s.readyState !== s.CLOSED) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate();
  return open.length;
}
