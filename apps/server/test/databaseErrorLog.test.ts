import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logging/logger.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { startTestServer } from '../src/testing/testServer.js';

const TYPED_PASSWORD = 'Hunter2-typed-in-the-wrong-box';

describe.each(TEST_DRIVERS)('database errors in the log on $name', ({ url }) => {
  it('a password typed into the username field never reaches the log when the query fails', async () => {
    const lines: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const t = await startTestServer({ databaseUrl: url, logger });
    try {
      await t.services.settings.get();
      // The database goes away: the login's user lookup fails with the typed name among its parameters.
      await t.database.close();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { username: TYPED_PASSWORD, password: 'whatever-was-typed' },
      });
      // An outage, not a bug: 503 unavailable (src/ops/outage.ts), logged with the failed query.
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('unavailable');
      const log = lines.join('');
      expect(log).toContain('a dependency is unavailable');
      expect(log).toContain('Failed query');
      expect(log).not.toContain(TYPED_PASSWORD);
      expect(log.toLowerCase()).not.toContain(TYPED_PASSWORD.toLowerCase());
      expect(log).not.toContain('whatever-was-typed');
    } finally {
      await t.server.close();
    }
  });
});
