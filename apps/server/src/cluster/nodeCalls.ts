// A question one process of a site asks another and the answer it gets back, over the site's bus
// (Redis pub/sub with several processes): how a process reaches what another one runs — a table's owner
// (admin calls, tableRelay.ts) or a tournament's director (registration and the administrator's changes,
// tournamentService.ts). One NodeCalls per kind of question and process, on two channels of its own:
//
//   node:{id}:ask:{kind}     any process -> the one that runs it    { call, body }
//   node:{id}:answer:{kind}  back to the asking process             { call, value } or { call, error }
//
// A refusal (DomainError) crosses with its code, message and fields, so the asker throws the same refusal
// and the client gets the same answer whichever process it asked. No answer within the time limit: the
// asker throws the `unanswered` error (the work may still be done over there: what it does must be safe
// to ask again, as every money move keyed for idempotency is).
import type { ErrorCode } from '@tenger/protocol/errors';
import { DomainError } from '../errors.js';
import type { ClusterBus } from './clusterBus.js';

/** A refusal as it crosses between processes. */
export interface CallRefusal {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

interface Ask<Q> {
  call: number;
  body: Q;
}
interface Answer {
  call: number;
  value?: unknown;
  error?: CallRefusal;
}

export interface NodeCallOptions {
  /** How long an asker waits for the answer. */
  timeoutMs: number;
  /** What the asker throws when no answer came in time. */
  unanswered(): DomainError;
  /** What the answering process sends for an error that is not a refusal (logged there). */
  failed(error: unknown): DomainError;
}

export class NodeCalls<Q> {
  private nextCall = 1;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private readonly offs: Array<() => void>;

  constructor(
    private readonly bus: ClusterBus,
    private readonly kind: string,
    /** Answers a question asked of this process. */
    private readonly answer: (body: Q, from: string) => Promise<unknown>,
    private readonly options: NodeCallOptions,
  ) {
    this.offs = [
      bus.subscribe<Ask<Q>>(`node:${bus.nodeId}:ask:${kind}`, (m, from) => void this.answerOne(m, from)),
      bus.subscribe<Answer>(`node:${bus.nodeId}:answer:${kind}`, (m) => this.answered(m)),
    ];
  }

  /** Asks process `node`; its answer, or its refusal thrown here. */
  async ask<T>(node: string, body: Q): Promise<T> {
    const call = this.nextCall++;
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(call);
        reject(this.options.unanswered());
      }, this.options.timeoutMs);
      timer.unref?.();
      this.waiting.set(call, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
    try {
      await this.bus.publish(`node:${node}:ask:${this.kind}`, { call, body } satisfies Ask<Q>);
    } catch (error) {
      this.waiting.get(call)?.reject(error as Error);
    }
    return answer as Promise<T>;
  }

  close(): void {
    for (const off of this.offs) off();
    for (const waiting of this.waiting.values()) waiting.reject(this.options.unanswered());
    this.waiting.clear();
  }

  private async answerOne(m: Ask<Q>, from: string): Promise<void> {
    let reply: Answer;
    try {
      reply = { call: m.call, value: await this.answer(m.body, from) };
    } catch (error) {
      const refusal = error instanceof DomainError ? error : this.options.failed(error);
      reply = {
        call: m.call,
        error: { code: refusal.code, message: refusal.message, fields: refusal.fields },
      };
    }
    await this.bus.publish(`node:${from}:answer:${this.kind}`, reply).catch(() => undefined);
  }

  private answered(m: Answer): void {
    const waiting = this.waiting.get(m.call);
    if (!waiting) return; // answered after the asker gave up
    this.waiting.delete(m.call);
    if (m.error) waiting.reject(new DomainError(m.error.code, m.error.message, m.error.fields));
    else waiting.resolve(m.value);
  }
}
