import Fastify from 'fastify';
import { ERROR_CODES, httpStatusOf } from '@tenger/protocol/errors';
import { describe, expect, it } from 'vitest';
import { AppError, DomainError, rejectOf } from './errors.js';
import { installErrorHandling } from './http/errorHandler.js';

async function answerTo(thrown: Error) {
  const app = Fastify();
  installErrorHandling(app);
  app.get('/', () => {
    throw thrown;
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

describe('one error vocabulary on the server', () => {
  it('a domain error is sent over HTTP with its code, its message and the status its code maps to', async () => {
    expect(await answerTo(new DomainError('insufficient_funds', 'Your balance is too low'))).toEqual({
      status: 409,
      body: { error: { code: 'insufficient_funds', message: 'Your balance is too low' } },
    });
    expect(
      await answerTo(new DomainError('validation_failed', 'Check the form', { amount: 'Too low' })),
    ).toEqual({
      status: 400,
      body: {
        error: { code: 'validation_failed', message: 'Check the form', fields: { amount: 'Too low' } },
      },
    });
  });

  it('every code maps to its one status, also the table refusals sent over HTTP', async () => {
    for (const code of ERROR_CODES) {
      const { status, body } = await answerTo(new DomainError(code));
      expect({ code, status }).toEqual({ code, status: httpStatusOf(code) });
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toBe('');
    }
  });

  it('the status written with the older AppError spelling cannot disagree with the map', async () => {
    expect((await answerTo(new AppError(400, 'insufficient_funds', 'Too low'))).status).toBe(409);
  });

  it('a domain error thrown inside a table command becomes a REJECT with the same code; anything else does not', () => {
    expect(rejectOf(new DomainError('server_restarting', 'Back in a minute'))).toEqual({
      code: 'server_restarting',
      message: 'Back in a minute',
    });
    expect(rejectOf(new Error('a bug'))).toBeUndefined();
  });
});
