/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '@tenger/protocol/errors';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../app/i18n';
import en from '../locales/en.json';
import mn from '../locales/mn.json';
import { serverErrorText, serverFieldErrors, tableRefusalText } from './serverErrors';

const SERVER_SOURCE = join(import.meta.dirname, '../../../server/src');
const CYRILLIC = /[\u0400-\u04ff]/;

/** Every .ts file of the server except tests. */
function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The codes the server's source sends in `{error:{code}}` (DomainError, AppError, conflict(), raw replies)
 * and in table REJECT / ERROR frames (reject(), code: in a frame).
 */
function codesInServerSource(): Set<string> {
  const found = new Set<string>();
  const patterns = [
    /new DomainError\(\s*'([a-z_-]+)'/g,
    /new AppError\(\s*\d{3},\s*'([a-z_-]+)'/g,
    /conflict\(\s*'([a-z_-]+)'/g,
    /error:\s*\{\s*code:\s*'([a-z_-]+)'/g,
    /\breject\(\s*'([a-z_-]+)'/g,
    /type:\s*'(?:REJECT|ERROR)',[^}]*?code:\s*'([a-z_-]+)'/gs,
  ];
  for (const file of serverFiles(SERVER_SOURCE)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1]);
  }
  return found;
}

const failure = (code: string, message = 'English from the server') => ({
  status: 400,
  data: { error: { code, message } },
});

describe('the error map', () => {
  it('every code the server source sends is in the shared list', () => {
    const sent = codesInServerSource();
    expect(sent.size).toBeGreaterThan(10);
    expect([...sent].filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('every server error code has an English and a Mongolian (Cyrillic) message', () => {
    const missing: string[] = [];
    for (const code of ERROR_CODES) {
      const english = (en.errors.codes as Record<string, string>)[code];
      const mongolian = (mn.errors.codes as Record<string, string>)[code];
      if (!english || !mongolian || !CYRILLIC.test(mongolian)) missing.push(code);
    }
    expect(missing).toEqual([]);
  });

  it("every status written beside a code in the server's source is the code's one status", () => {
    const disagreeing: string[] = [];
    for (const file of serverFiles(SERVER_SOURCE)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/new AppError\(\s*(\d{3}),\s*'([a-z_]+)'/g)) {
        const [, status, code] = match;
        if (ERROR_STATUS[code as ErrorCode] !== Number(status)) disagreeing.push(`${status} ${code}`);
      }
    }
    expect(disagreeing).toEqual([]);
  });

  it("the client's own table refusals (no answer, not connected) have an English and a Mongolian message", () => {
    const enRejects = en.table.rejects as Record<string, string>;
    const mnRejects = mn.table.rejects as Record<string, string>;
    const missing = ['timeout', 'offline'].filter(
      (code) => !enRejects[code] || !mnRejects[code] || !CYRILLIC.test(mnRejects[code]),
    );
    expect(missing).toEqual([]);
  });

  it('says a table refusal in the same words as the same HTTP error', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('mn');
    expect(tableRefusalText('insufficient_funds', 'Your balance is too low', i18n.t)).toBe(
      serverErrorText(failure('insufficient_funds'), i18n.t),
    );
    expect(tableRefusalText('seat_taken', 'Taken', i18n.t)).toBe(mn.errors.codes.seat_taken);
    expect(tableRefusalText('offline', '', i18n.t)).toBe(mn.table.rejects.offline);
    expect(tableRefusalText('brand_new_code', 'Something new', i18n.t)).toBe('Something new');
  });

  it("shows a known code in the reader's language, never the server's English", async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('mn');
    expect(serverErrorText(failure('insufficient_funds'), i18n.t)).toBe('Таны үлдэгдэл хүрэлцэхгүй байна.');
    expect(serverErrorText(failure('email_taken'), i18n.t)).toBe('Энэ имэйл хаяг бүртгэгдсэн байна.');
    await i18n.changeLanguage('en');
    expect(serverErrorText(failure('insufficient_funds'), i18n.t)).toBe('Your balance is not enough.');
  });

  it("falls back to the server's message only for a code it does not know", async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('mn');
    expect(serverErrorText(failure('brand_new_code', 'Something new'), i18n.t)).toBe('Something new');
    expect(serverErrorText(new TypeError('network down'), i18n.t)).toBe(mn.common.unknownError);
  });

  it('puts the code of a taken email or a wrong password under its field, and translates refused fields', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('mn');
    expect(serverFieldErrors(failure('wrong_password'), i18n.t, 'mn')).toEqual({
      currentPassword: 'Одоогийн нууц үг буруу байна.',
    });
    const refused = {
      status: 400,
      data: {
        error: { code: 'validation_failed', message: 'x', fields: { password: 'too short', color: 'x' } },
      },
    };
    expect(serverFieldErrors(refused, i18n.t, 'mn')).toEqual({
      password: 'Нууц үг дор хаяж 8 тэмдэгт байна',
      color: 'Энэ утгыг шалгана уу',
    });
    // An English reader keeps the server's own (English, exact) field text.
    await i18n.changeLanguage('en');
    expect(serverFieldErrors(refused, i18n.t, 'en')).toEqual({ password: 'too short', color: 'x' });
  });
});
