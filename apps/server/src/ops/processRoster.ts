// The site's processes as the admin "System" page lists them. Each process publishes its own figures
// (tables owned, sockets, event-loop lag, memory, uptime, version, readiness) on the site's bus every few
// seconds, and asks the others to report at once when it starts, so any process can answer for all of
// them (GET /api/v1/admin/system). One process (no REDIS_URL): the list is itself. A process not heard
// from for three intervals is listed as silent (stopped, cut off from Redis, or gone) until forgotten.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { SystemProcess, SystemStatus } from '@tenger/protocol';
import type { ClusterBus } from '../cluster/clusterBus.js';
import type { ReadinessReport } from './health.js';
import type { SocketCounts } from './processFigures.js';

/** How often each process publishes its figures. */
export const REPORT_EVERY_MS = 5_000;
/** Not heard from for this many intervals: silent. */
const SILENT_AFTER_REPORTS = 3;
/** A silent process is dropped from the list after this. */
const FORGET_AFTER_MS = 10 * 60_000;
/** The event-loop monitor's sampling period; its readings include it, so it is taken off. */
const LAG_RESOLUTION_MS = 10;
const REPORT_CHANNEL = 'ops:process';
const ASK_CHANNEL = 'ops:process:ask';

const SERVER_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface RosterSources {
  bus: ClusterBus;
  /** Other processes share the site (REDIS_URL): publish and listen. One process only answers for itself. */
  shared: boolean;
  tablesOwned(): number;
  sockets: SocketCounts;
  readiness(): Promise<ReadinessReport>;
}

type Report = Omit<SystemProcess, 'ageSeconds' | 'status'>;

export class ProcessRoster {
  private readonly heard = new Map<string, { report: Report; at: number }>();
  private readonly lag: IntervalHistogram = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  private readonly offs: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sources: RosterSources,
    private readonly everyMs = REPORT_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get nodeId(): string {
    return this.sources.bus.nodeId;
  }

  /** Listens to the others, reports now, asks everyone to report, then reports every interval. */
  start(): void {
    const { bus, shared } = this.sources;
    this.lag.enable();
    // Alone, nothing runs in the background (no readiness queries every interval): list() measures on demand.
    if (!shared) return;
    this.offs.push(
      bus.subscribe<Report>(REPORT_CHANNEL, (report, from) => {
        if (from !== this.nodeId) this.heard.set(from, { report, at: this.now() });
      }),
      bus.subscribe<null>(ASK_CHANNEL, (_ask, from) => void (from !== this.nodeId && this.publish(false))),
    );
    void this.publish(true);
    this.timer = setInterval(() => void this.publish(false), this.everyMs);
    this.timer.unref();
  }

  /** This process's figures now. */
  async report(): Promise<Report> {
    const { ready, checks } = await this.sources.readiness();
    const memory = process.memoryUsage();
    const late = (ns: number) => (this.lag.count > 0 ? Math.max(0, ns / 1e6 - LAG_RESOLUTION_MS) : 0);
    const mean = late(this.lag.mean);
    const p99 = late(this.lag.percentile(99));
    return {
      nodeId: this.nodeId,
      version: SERVER_VERSION,
      nodeVersion: process.version,
      pid: process.pid,
      host: os.hostname(),
      uptimeSeconds: Math.round(process.uptime()),
      tablesOwned: this.sources.tablesOwned(),
      sockets: { global: this.sources.sockets.count('global'), table: this.sources.sockets.count('table') },
      eventLoopLagMs: { mean: round(mean), p99: round(p99) },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
      ready,
      checks,
      reportedAt: new Date(this.now()).toISOString(),
    };
  }

  /** Every process: this one measured now, the others as last heard (oldest forgotten). */
  async list(): Promise<SystemStatus> {
    const now = this.now();
    const processes: SystemProcess[] = [{ ...(await this.report()), ageSeconds: 0, status: 'live' }];
    for (const [node, { report, at }] of this.heard) {
      if (now - at > FORGET_AFTER_MS) {
        this.heard.delete(node);
        continue;
      }
      const age = Math.max(0, now - at);
      processes.push({
        ...report,
        ageSeconds: round(age / 1000),
        status: age > SILENT_AFTER_REPORTS * this.everyMs ? 'silent' : 'live',
      });
    }
    processes.sort((a, b) => a.nodeId.localeCompare(b.nodeId));
    return { answeredBy: this.nodeId, reportEverySeconds: this.everyMs / 1000, processes };
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const off of this.offs.splice(0)) off();
    this.lag.disable();
  }

  /** Publishes this process's figures (lag since the last one); a bus that is away loses this one. */
  private async publish(ask: boolean): Promise<void> {
    const { bus } = this.sources;
    try {
      const report = await this.report();
      this.lag.reset();
      await bus.publish(REPORT_CHANNEL, report);
      if (ask) await bus.publish(ASK_CHANNEL, null);
    } catch {
      // Redis away: the next interval reports again; the others list this process as silent meanwhile.
    }
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
