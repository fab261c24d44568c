import { describe, expect, it } from 'vitest';
import { outageOf } from './outage.js';

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('what counts as an outage', () => {
  it('a lost or refused database connection, wrapped by the query builder or not', () => {
    expect(outageOf(wrapped(new Error('Connection terminated unexpectedly')))).toBe('database');
    expect(outageOf(wrapped(Object.assign(new Error('terminating connection'), { code: '57P01' })))).toBe(
      'database',
    );
    expect(outageOf(Object.assign(new Error('too many clients'), { code: '53300' }))).toBe('database');
    expect(outageOf(new Error('timeout exceeded when trying to connect'))).toBe('database');
    expect(outageOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      'network',
    );
  });

  it('Redis that is away, slow or given up on', () => {
    expect(outageOf(Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }))).toBe('redis');
    expect(outageOf(new Error('Command timed out'))).toBe('redis');
    expect(outageOf(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(
      'redis',
    );
  });

  it('bugs and refusals are not outages', () => {
    expect(outageOf(new TypeError('Cannot read properties of undefined'))).toBeNull();
    expect(outageOf(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBeNull();
    expect(outageOf(wrapped(Object.assign(new Error('deadlock'), { code: '40P01' })))).toBeNull();
    expect(outageOf(undefined)).toBeNull();
  });
});
