// The final-table deal (docs/tournaments.md, "Final-table deal"): when every player still in asks for
// one, the table stops between hands (the level clock too) and two proposals are shown: ICM (engine
// icmDeal) and chip-chop (engine chipChopDeal), both on the prizes still to be won less the part kept
// to play for. Every player accepts one within DEAL_ANSWER_MS; if all accept the same, the director
// pays it (one ledger transaction) and play goes on for the kept part, or ends. A decline, different
// choices or the time running out cancel it and play resumes. The director owns the money and the
// tables; this module keeps the asks, the offer, the answers and the answer clock, and runs every change
// as one of the director's steps (its `run` queue).
import { chipChopDeal, dealPrizes, icmDeal } from '@tenger/engine';
import type { Clock } from './ports.js';

/** How long the players have to answer a proposal. */
export const DEAL_ANSWER_MS = 60_000;

export type DealChoice = 'icm' | 'chip-chop';

/** The two proposals: every player's chips and amount under each, the part kept to play for. */
export interface DealOffer {
  players: Array<{ userId: number; stack: number; icm: number; chipChop: number }>;
  /** Tugrik left in the pool, won by the player who finishes first after the deal (0: the deal ends it). */
  kept: number;
  /** When the answers are due (epoch ms). */
  endsAt: number;
}

/**
 * What every viewer of the final table sees (`TableInfo.tournament.deal`); null while no deal may be
 * asked. `open`: players may ask; `waiting`: everyone asked, the hand in play ends first; `proposed`:
 * the offer is up until `endsAt`.
 */
export interface DealView {
  phase: 'open' | 'waiting' | 'proposed';
  players: Array<{
    userId: number;
    asked: boolean;
    /** The proposal this player accepted (proposed phase), null while they have not answered. */
    accepted: DealChoice | null;
    stack: number;
    icm: number | null;
    chipChop: number | null;
  }>;
  kept: number | null;
  endsAt: number | null;
}

/** Why an ask or an answer was refused: the codes of the error vocabulary. */
export type DealRefusal = 'deal_unavailable' | 'deal_not_proposed';

export class DealRefused extends Error {
  constructor(readonly code: DealRefusal) {
    super(code);
  }
}

/** Who may deal now and for what: the players still in (all at the final table) and the prizes of places 1..n. */
export interface DealField {
  players: Array<{ userId: number; stack: number }>;
  /** The prizes still to be won, by place (1st first), one per player. */
  prizes: number[];
}

/** The director as the deal sees it. */
export interface DealHost {
  clock: Clock;
  /** The agreed part kept to play for, whole percent of the prizes still to be won. */
  keptPercent(): number;
  /** The field when a deal may be made now (final table, every player human and in, prizes left, none made); else null. */
  field(): DealField | null;
  /** The final table is between hands (its last hand settled, not yet released). */
  betweenHands(): boolean;
  /** One of the director's steps (its queue). */
  run(step: () => Promise<void>): Promise<void>;
  /** The level clock stops (a proposal is up). */
  pauseClock(): void;
  /** The level clock goes on with the time it had and the tables deal again. */
  resumePlay(): Promise<void>;
  /** Everyone accepted `choice`: pay it, then go on for the kept part or end. */
  agree(offer: DealOffer, choice: DealChoice): Promise<void>;
  /** What the tables show changed. */
  changed(): void;
}

/** The proposals for a field (pure): both share the prizes less the kept part, to the tugrik. */
export function dealOffer(field: DealField, keptPercent: number, endsAt: number): DealOffer {
  const stacks = field.players.map((p) => p.stack);
  const { dealt, kept } = dealPrizes(field.prizes, keptPercent);
  const icm = icmDeal(stacks, dealt);
  const chop = chipChopDeal(stacks, dealt);
  if (!icm.ok) throw new Error(`ICM deal: ${icm.error.message}`);
  if (!chop.ok) throw new Error(`chip-chop deal: ${chop.error.message}`);
  return {
    players: field.players.map((p, i) => ({
      userId: p.userId,
      stack: p.stack,
      icm: icm.amounts[i]!,
      chipChop: chop.amounts[i]!,
    })),
    kept,
    endsAt,
  };
}

function fieldKey(field: DealField): string {
  return field.players
    .map((p) => p.userId)
    .sort((a, b) => a - b)
    .join(',');
}

export class FinalTableDeal {
  private readonly asked = new Set<number>();
  private readonly answers = new Map<number, DealChoice>();
  private offer: DealOffer | null = null;
  /** Everyone asked: the table stays between hands until the offer is answered. */
  private holding = false;
  private timer: ReturnType<Clock['setTimeout']> | null = null;
  /** The field the asks were made in (its players): any bust or change takes them back. */
  private askedOf = '';

  constructor(private readonly host: DealHost) {}

  /** The table must not deal: everyone asked, or an offer is up. */
  get holds(): boolean {
    return this.holding;
  }

  /** The offer is up (the level clock stands still). */
  get proposed(): boolean {
    return this.offer !== null;
  }

  view(): DealView | null {
    if (this.offer) {
      return {
        phase: 'proposed',
        players: this.offer.players.map((p) => ({
          userId: p.userId,
          asked: true,
          accepted: this.answers.get(p.userId) ?? null,
          stack: p.stack,
          icm: p.icm,
          chipChop: p.chipChop,
        })),
        kept: this.offer.kept,
        endsAt: this.offer.endsAt,
      };
    }
    const field = this.host.field();
    if (!field) return null;
    return {
      phase: this.holding ? 'waiting' : 'open',
      players: field.players.map((p) => ({
        userId: p.userId,
        asked: this.asked.has(p.userId),
        accepted: null,
        stack: p.stack,
        icm: null,
        chipChop: null,
      })),
      kept: null,
      endsAt: null,
    };
  }

  /** A player asks for a deal (or takes the ask back); when all have, the table holds and the offer follows. */
  ask(userId: number, asking = true): Promise<void> {
    return this.host.run(async () => {
      const field = this.host.field();
      if (!field || this.offer || !field.players.some((p) => p.userId === userId))
        throw new DealRefused('deal_unavailable');
      if (!asking) {
        if (this.holding) throw new DealRefused('deal_unavailable'); // everyone asked: the offer comes
        this.asked.delete(userId);
        return this.host.changed();
      }
      if (this.asked.size === 0) this.askedOf = fieldKey(field);
      this.asked.add(userId);
      if (field.players.every((p) => this.asked.has(p.userId))) {
        this.holding = true;
        if (this.host.betweenHands()) this.propose(field);
      }
      this.host.changed();
    });
  }

  /** A player answers the offer: a proposal, or a decline (which cancels it for everyone). */
  answer(userId: number, choice: DealChoice | 'decline'): Promise<void> {
    return this.host.run(async () => {
      const offer = this.offer;
      if (!offer || !offer.players.some((p) => p.userId === userId))
        throw new DealRefused('deal_not_proposed');
      if (choice === 'decline') return this.cancel();
      this.answers.set(userId, choice);
      if (this.answers.size < offer.players.length) return this.host.changed();
      const choices = new Set(this.answers.values());
      if (choices.size !== 1) return this.cancel(); // all answered, not all the same proposal
      this.clear();
      await this.host.agree(offer, choice);
      this.host.changed();
    });
  }

  /**
   * Called by the director between hands, before the tables are released: asks made before a bust no
   * longer count (the field and its prizes changed: everyone asks again); when everyone asked, the offer.
   */
  betweenHands(): void {
    if (this.offer || this.asked.size === 0) return;
    const field = this.host.field();
    if (!field || fieldKey(field) !== this.askedOf) {
      this.clear();
      return this.host.changed();
    }
    if (this.holding) this.propose(field);
  }

  /** The director stopped, finished or was cancelled: no offer stands and no answer clock runs here any more. */
  stop(): void {
    this.clear();
  }

  private propose(field: DealField): void {
    const endsAt = this.host.clock.now() + DEAL_ANSWER_MS;
    this.offer = dealOffer(field, this.host.keptPercent(), endsAt);
    this.host.pauseClock();
    this.timer = this.host.clock.setTimeout(
      () => void this.host.run(async () => (this.offer?.endsAt === endsAt ? this.cancel() : undefined)),
      DEAL_ANSWER_MS,
    );
    this.host.changed();
  }

  /** No deal: play resumes (asks are taken back; players may ask again). */
  private async cancel(): Promise<void> {
    const wasProposed = this.offer !== null;
    this.clear();
    if (wasProposed) await this.host.resumePlay();
    this.host.changed();
  }

  private clear(): void {
    this.host.clock.clearTimeout(this.timer);
    this.timer = null;
    this.asked.clear();
    this.answers.clear();
    this.offer = null;
    this.holding = false;
  }
}
