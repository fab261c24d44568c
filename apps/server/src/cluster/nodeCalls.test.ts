// Questions between processes over the bus (nodeCalls.ts), on the in-process bus: the answer comes back
// to the asker; a refusal keeps its code, status, message and fields; an unexpected error is sent as the
// answering side's own refusal; a process that never answers leaves the asker with `unanswered`.
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError, badRequest } from '../errors.js';
import type { BusHandler, ClusterBus } from './clusterBus.js';
import { NodeCalls } from './nodeCalls.js';

type Question = { n: number };
const options = {
  timeoutMs: 50,
  unanswered: () => new DomainError('unavailable', 'Nobody answered'),
  failed: () => new DomainError('unavailable', 'Could not answer'),
};

/** One process's end of a site's bus kept in this process (like LocalBus, shared by several node ids). */
class SiteBus implements ClusterBus {
  constructor(
    private readonly site: EventEmitter,
    readonly nodeId: string,
  ) {}
  async publish<T>(channel: string, data: T): Promise<void> {
    setImmediate(() => this.site.emit(channel, data, this.nodeId));
  }
  subscribe<T>(channel: string, handler: BusHandler<T>): () => void {
    this.site.on(channel, handler);
    return () => this.site.off(channel, handler);
  }
  async close(): Promise<void> {}
}

describe('NodeCalls: a question to another process and its answer', () => {
  const open: Array<NodeCalls<Question>> = [];
  afterEach(() => {
    for (const calls of open.splice(0)) calls.close();
  });

  /** Two processes on one in-process bus: the asker (node-a) and the answerer (node-b). */
  function pair(answer: (q: Question) => Promise<unknown>) {
    const site = new EventEmitter();
    const asker = new NodeCalls<Question>(
      new SiteBus(site, 'node-a'),
      'test',
      () => Promise.reject(new Error('not me')),
      options,
    );
    const answerer = new NodeCalls<Question>(new SiteBus(site, 'node-b'), 'test', answer, options);
    open.push(asker, answerer);
    return asker;
  }

  it('the answer of the process asked', async () => {
    const asker = pair(async (q) => ({ doubled: q.n * 2 }));
    expect(await asker.ask('node-b', { n: 21 })).toEqual({ doubled: 42 });
  });

  it("the answering process's refusal, with its code, status, message and fields", async () => {
    const asker = pair(async () => {
      throw badRequest('Fewer places than entrants', { maxEntrants: 'At least 2' });
    });
    const refusal = await asker.ask('node-b', { n: 1 }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: 'validation_failed',
      status: 400,
      message: 'Fewer places than entrants',
      fields: { maxEntrants: 'At least 2' },
    });
  });

  it('an unexpected error over there arrives as the refusal `failed` makes of it', async () => {
    const asker = pair(async () => {
      throw new Error('a bug');
    });
    await expect(asker.ask('node-b', { n: 1 })).rejects.toMatchObject({
      code: 'unavailable',
      status: 503,
      message: 'Could not answer',
    });
  });

  it('a process that does not answer: `unanswered` after the time limit', async () => {
    const asker = pair(async () => 'never asked');
    await expect(asker.ask('node-gone', { n: 1 })).rejects.toMatchObject({
      code: 'unavailable',
      message: 'Nobody answered',
    });
  });
});
