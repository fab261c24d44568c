import { describe, expect, it } from 'vitest';
import { MemoryCounters } from '../cluster/counterStore.js';
import { DEFAULT_PASSWORD_GUARD } from '../config.js';
import { PasswordGate, TooBusy } from './passwordGate.js';

const T0 = 1_700_000_000_000;

/** Password work that finishes when the test says so. */
function heldWork() {
  const releases: Array<() => void> = [];
  return {
    work: () => new Promise<string>((resolve) => releases.push(() => resolve('done'))),
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

async function refusal(promise: Promise<unknown>): Promise<TooBusy> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TooBusy);
  return error as TooBusy;
}

describe('the password gate', () => {
  // One at a time: a scrypt takes a whole core for ~0.45 s, and on a 2-core server one user running two
  // at once left another user's login a third of the machine (bench:auth).
  it('a user with a password check running is refused a second at once, with Retry-After, not queued', async () => {
    const gate = new PasswordGate(DEFAULT_PASSWORD_GUARD, new MemoryCounters(), () => T0);
    const held = heldWork();
    const running = [gate.run({ address: '10.0.0.1', user: 'user:7' }, held.work)];
    const second = await refusal(gate.run({ address: '10.0.0.2', user: 'user:7' }, held.work));
    expect(second).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 1 });
    // Another user from another address is not held up.
    const other = gate.run({ address: '10.0.0.3', user: 'user:8' }, async () => 'other');
    expect(await other).toBe('other');
    held.releaseAll();
    expect(await Promise.all(running)).toEqual(['done']);
    expect(gate.inFlight).toBe(0);
    // The slots were given back.
    expect(await gate.run({ address: '10.0.0.2', user: 'user:7' }, async () => 'again')).toBe('again');
  });

  it('one address runs at most four at once, whichever users it names', async () => {
    const gate = new PasswordGate(DEFAULT_PASSWORD_GUARD, new MemoryCounters(), () => T0);
    const held = heldWork();
    const running = [1, 2, 3, 4].map((i) => gate.run({ address: '10.0.0.9', user: `user:${i}` }, held.work));
    await refusal(gate.run({ address: '10.0.0.9', user: 'user:5' }, held.work));
    await refusal(gate.run({ address: '10.0.0.9' }, held.work));
    held.releaseAll();
    await Promise.all(running);
  });

  it('the whole process runs at most its bound at once, so many addresses together cannot fill the pool', async () => {
    const gate = new PasswordGate({ ...DEFAULT_PASSWORD_GUARD, inFlight: 3 }, new MemoryCounters(), () => T0);
    const held = heldWork();
    const running = [1, 2, 3].map((i) => gate.run({ address: `10.0.1.${i}` }, held.work));
    const refused = await refusal(gate.run({ address: '10.0.1.99', user: 'user:1' }, held.work));
    expect(refused.retryAfterSeconds).toBe(1);
    held.releaseAll();
    await Promise.all(running);
    expect(await gate.run({ address: '10.0.1.99' }, async () => 'ok')).toBe('ok');
  });

  it('a user gets ten password checks a minute and an address sixty; a minute later they may again', async () => {
    let now = T0;
    const gate = new PasswordGate(DEFAULT_PASSWORD_GUARD, new MemoryCounters(), () => now);
    const work = async () => true;
    for (let i = 0; i < 10; i++) await gate.run({ address: '10.0.2.1', user: 'user:3' }, work);
    const perUser = await refusal(gate.run({ address: '10.0.2.2', user: 'user:3' }, work));
    expect(perUser.retryAfterSeconds).toBe(60);
    for (let i = 0; i < 60; i++) await gate.run({ address: '10.0.3.1', user: `user:${100 + i}` }, work);
    await refusal(gate.run({ address: '10.0.3.1', user: 'user:999' }, work));
    now += 60_000;
    expect(await gate.run({ address: '10.0.2.2', user: 'user:3' }, work)).toBe(true);
    expect(await gate.run({ address: '10.0.3.1', user: 'user:999' }, work)).toBe(true);
  });

  it('the work of a refused request never runs', async () => {
    const gate = new PasswordGate(
      { ...DEFAULT_PASSWORD_GUARD, perAddressPerMinute: 1 },
      new MemoryCounters(),
      () => T0,
    );
    let runs = 0;
    const work = async () => ++runs;
    await gate.run({ address: '10.0.4.1' }, work);
    await refusal(gate.run({ address: '10.0.4.1' }, work));
    expect(runs).toBe(1);
  });
});
