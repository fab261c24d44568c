// Simulation: the director fills a table's empty seats with bots (leaving room for people) and
// refills them as bots bust or leave. Bots are ordinary players: each one is a viewer that sits,
// acts and leaves through the same commands a socket sends (botPlayer.ts).
import type { Logger } from 'pino';
import type { Clock } from '../ports.js';
import { RoomClock } from '../clock.js';
import type { TableRuntime } from '../tableRuntime.js';
import { BotPlayer, seededRandom } from './botPlayer.js';

/** Where bot accounts come from: bot users not playing anywhere now, created when short. */
export interface BotRoster {
  freeBots(count: number, busy: ReadonlySet<number>): Promise<number[]>;
}

export interface DirectorOptions {
  /** Bots' pause before each decision, ms. */
  pauseMs: [number, number];
  random: () => number;
  /** Wait before refilling seats that freed up. */
  refillDelayMs: number;
}

export class SimulationDirector {
  private readonly simulating = new Set<number>();
  private readonly bots = new Map<number, BotPlayer>();
  /** Bots an administrator kicked, per table: not seated there again while its simulation runs. */
  private readonly benched = new Map<number, Set<number>>();
  private readonly timers: RoomClock;
  private closed = false;
  private holding = false;

  constructor(
    private readonly roster: BotRoster,
    clock: Clock,
    private readonly logger: Logger,
    private readonly options: DirectorOptions,
  ) {
    this.timers = new RoomClock(clock);
  }

  isSimulating(tableId: number): boolean {
    return this.simulating.has(tableId);
  }

  async start(runtime: TableRuntime): Promise<void> {
    this.simulating.add(runtime.tableId);
    await this.fill(runtime);
  }

  /** After a restart: bots already seated at `runtime` are driven again. */
  adopt(runtime: TableRuntime, botIds: readonly number[]): void {
    for (const userId of botIds) {
      if (this.bots.has(userId)) continue;
      const bot = this.newBot(runtime, userId);
      this.bots.set(userId, bot);
      bot.resume();
    }
  }

  /** Bots leave after the running hand; their chips go back to the bot bankroll. */
  async stop(tableId: number, runtime: TableRuntime | null): Promise<void> {
    this.forget(tableId);
    if (runtime) await runtime.releaseBots();
  }

  /** The table is gone (deleted): nothing more to fill. */
  forget(tableId: number): void {
    this.simulating.delete(tableId);
    this.benched.delete(tableId);
    this.timers.cancel(refill(tableId));
  }

  /** The table moved to another process: its bots are driven there now, not here. */
  drop(tableId: number): void {
    this.forget(tableId);
    for (const bot of [...this.bots.values()]) {
      if (bot.runtime.tableId !== tableId) continue;
      this.bots.delete(bot.userId);
      bot.detach();
    }
  }

  /** A seat freed up or was taken: refill it a little later (bots bust, people leave). */
  seatsChanged(runtime: TableRuntime): void {
    const name = refill(runtime.tableId);
    if (!this.simulating.has(runtime.tableId) || this.timers.has(name) || this.closed || this.holding) return;
    this.timers.after(name, this.options.refillDelayMs, () => {
      this.fill(runtime).catch((err: unknown) =>
        this.logger.error({ err, tableId: runtime.tableId }, 'could not seat bots'),
      );
    });
  }

  /** Shutting down: seated bots play the running hands out, but no seat is filled any more. */
  hold(): void {
    this.holding = true;
    this.timers.clear();
  }

  close(): void {
    this.closed = true;
    this.timers.clear();
    for (const bot of [...this.bots.values()]) bot.detach();
  }

  private newBot(runtime: TableRuntime, userId: number): BotPlayer {
    const random = seededRandom(Math.floor(this.options.random() * 2 ** 31));
    return new BotPlayer(userId, runtime, { pauseMs: this.options.pauseMs, random }, (b, kicked) => {
      if (this.bots.get(b.userId) === b) this.bots.delete(b.userId);
      if (kicked && this.simulating.has(runtime.tableId)) {
        const benched = this.benched.get(runtime.tableId) ?? new Set<number>();
        this.benched.set(runtime.tableId, benched.add(b.userId));
      }
      this.seatsChanged(runtime);
    });
  }

  /** Fills empty seats with bots, leaving one or two free (two at 6+ seats) so people can join. */
  private async fill(runtime: TableRuntime): Promise<void> {
    if (!this.simulating.has(runtime.tableId) || runtime.isDeleted || this.closed || this.holding) return;
    const keepFree = runtime.maxPlayers >= 6 ? 2 : 1;
    const wanted = runtime.freeSeats.length - keepFree;
    if (wanted <= 0) return;
    const busy = new Set([...this.bots.keys(), ...(this.benched.get(runtime.tableId) ?? [])]);
    const botIds = await this.roster.freeBots(wanted, busy);
    const { min, max, bigBlind } = runtime.buyInRange;
    for (const userId of botIds) {
      const seat = runtime.freeSeats[0];
      if (seat === undefined || runtime.freeSeats.length <= keepFree) break;
      const steps = Math.floor((max - min) / bigBlind);
      const amount = min + bigBlind * Math.floor(this.options.random() * (steps + 1));
      const bot = this.newBot(runtime, userId);
      this.bots.set(userId, bot);
      if (!(await bot.sit(seat, Math.min(max, amount)))) this.bots.delete(userId);
    }
  }
}

const refill = (tableId: number) => `refill:${tableId}`;
