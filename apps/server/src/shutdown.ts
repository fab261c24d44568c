// SIGTERM and SIGINT: a graceful shutdown (a deploy voids no hand and stands nobody up). The tables
// drain (running hands finish, bounded by SHUTDOWN_DRAIN_SECONDS), the seats are saved, every socket
// closes with 1012 "server restarting", the listener and the database close, and the process exits 0.
import type { Logger } from 'pino';
import type { ShutdownReport, TengerServer } from './server.js';

/** After the drain limit, how long closing sockets, HTTP and the database may take before a forced exit. */
export const SHUTDOWN_CLOSE_GRACE_MS = 30_000;

export interface SignalOptions {
  drainLimitMs: number;
  log: Logger;
  /** Told the report once everything is closed (the test server prints it). */
  onStopped?(report: ShutdownReport): void;
  exit?(code: number): never;
}

/**
 * Shuts the server down gracefully on the first SIGTERM or SIGINT. Repeated signals are ignored (npm
 * forwards Ctrl-C to a process that received it already); a shutdown that hangs past the drain limit
 * plus SHUTDOWN_CLOSE_GRACE_MS exits 1, as a crash would (running hands are void at the next start).
 */
export function shutDownOnSignals(server: TengerServer, options: SignalOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const { log, drainLimitMs } = options;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    log.info({ signal, drainLimitMs }, 'shutting down: running hands finish, no new hand is dealt');
    const force = setTimeout(() => {
      log.error('shutdown took too long: exiting now');
      exit(1);
    }, drainLimitMs + SHUTDOWN_CLOSE_GRACE_MS);
    force.unref();
    server.shutdown(drainLimitMs).then(
      (report) => {
        log.info(
          {
            drainMs: report.drainMs,
            totalMs: report.totalMs,
            sockets: report.sockets,
            settled: report.tables.filter((t) => t.outcome === 'settled').length,
            voided: report.tables.filter((t) => t.outcome === 'voided').map((t) => t.tableId),
          },
          'stopped',
        );
        options.onStopped?.(report);
        exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'error while shutting down');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
