import { Writable } from 'node:stream';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), text: () => lines.join('') };
}

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function askForReset(server: TestServer, email: string, host: string) {
  const response = await server.call({
    method: 'POST',
    url: '/api/v1/user/forgot-password',
    headers: { host },
    payload: { email },
  });
  expect(response.statusCode).toBe(202);
  await server.services.auth.idle();
}

describe('mail without SMTP', { timeout: 60_000 }, () => {
  it('warns at start and writes each mail, with its link, to the log', async () => {
    const log = capturedLogger();
    t = await startTestServer({ logger: log.logger });
    expect(log.text()).toContain('SMTP_URL is not set');
    const player = await t.player();
    await askForReset(t, `${player.username}@test.mn`, 'localhost:5173');
    // No PUBLIC_ORIGIN (development): the link goes back to the allowed origin the request came to.
    expect(log.text()).toMatch(/http:\/\/localhost:5173\/auth\/reset-password\?token=[\w-]+/);
    expect(log.text()).not.toContain('localhost:3000/auth/reset-password');
  });

  it('a reset request with Host: evil.example:8443 never yields a link to evil.example', async () => {
    const log = capturedLogger();
    t = await startTestServer({ logger: log.logger });
    const player = await t.player();
    await askForReset(t, `${player.username}@test.mn`, 'evil.example:8443');
    const [mail] = await t.services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, `${player.username}@test.mn`));
    expect(mail.body).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\?token=[\w-]+/);
    expect(mail.body).not.toContain('evil.example');
    // The request line may name the host it came to; no link does.
    expect(log.text()).not.toMatch(/evil\.example[^\s"]*\/auth\/reset-password/);
  });

  it("with PUBLIC_ORIGIN set the link points there whatever the request's host", async () => {
    const log = capturedLogger();
    t = await startTestServer({ logger: log.logger, config: { mailLinkOrigin: 'https://tenger.mn' } });
    const player = await t.player();
    await askForReset(t, `${player.username}@test.mn`, 'evil.example');
    expect(log.text()).toContain('https://tenger.mn/auth/reset-password?token=');
    expect(log.text()).not.toContain('evil.example/auth');
  });

  it("shows an administrator a user's recent mails with their status, never their text or token", async () => {
    t = await startTestServer();
    const player = await t.player();
    await askForReset(t, `${player.username}@test.mn`, 'localhost:3000');
    const response = await t.call({
      method: 'GET',
      url: `/api/v1/admin/user/mail?userId=${player.id}`,
      token: t.admin.token,
    });
    expect(response.statusCode).toBe(200);
    const mails = response.json() as { subject: string; status: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'log-only' });
    expect(mails[0].subject).toContain('reset your password');
    expect(response.body).not.toMatch(/token|reset-password\?/);

    const asPlayer = await t.call({
      method: 'GET',
      url: `/api/v1/admin/user/mail?userId=${player.id}`,
      token: player.token,
    });
    expect(asPlayer.statusCode).toBe(403);
  });
});
