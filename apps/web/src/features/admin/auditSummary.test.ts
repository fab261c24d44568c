import { describe, expect, it } from 'vitest';
import type { AuditItem } from '@tenger/protocol';
import { AUDIT_SUMMARY_CODES, AUDIT_SUMMARY_WORDS } from '@tenger/protocol/audit';
import { createI18n } from '../../app/i18n';
import en from '../../locales/en.json';
import mn from '../../locales/mn.json';
import { auditSummaryText } from './auditSummary';

type Tree = { [key: string]: string | Tree };
const lookup = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('coded audit summaries in both languages (issue 23)', () => {
  it('every code the server writes has an English and a Mongolian text naming exactly its parameters', () => {
    for (const [code, params] of Object.entries(AUDIT_SUMMARY_CODES)) {
      for (const [language, locale] of [
        ['en', en],
        ['mn', mn],
      ] as const) {
        const text = lookup(locale as unknown as Tree, `admin.audit.summaries.${code}`);
        expect(typeof text, `${language} ${code}`).toBe('string');
        expect(placeholders(text as string), `${language} ${code}`).toEqual([...new Set(params)].sort());
      }
      // The Mongolian text is Mongolian, not a copy of the English.
      expect(lookup(mn as unknown as Tree, `admin.audit.summaries.${code}`)).toMatch(/[А-Яа-яЁёӨөҮү]/);
    }
    for (const word of AUDIT_SUMMARY_WORDS) {
      expect(typeof lookup(en as unknown as Tree, `admin.audit.words.${word}`), word).toBe('string');
      expect(lookup(mn as unknown as Tree, `admin.audit.words.${word}`), word).toMatch(/[А-Яа-яЁёӨөҮү]/);
    }
  });

  const row = (summaryCode: string | null, summaryParams: AuditItem['summaryParams'], summary: string) =>
    ({
      id: 1,
      at: '2026-11-26T12:00:00.000Z',
      actorId: 1,
      actorName: 'admin',
      ip: '127.0.0.1',
      action: 'deposit.create',
      targetType: 'deposit',
      targetId: '3',
      summary,
      summaryCode,
      summaryParams,
    }) satisfies AuditItem;

  it('the actions coded last (limits, account details, a pending credit, tournaments) read in Mongolian', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('mn');
    const t = i18n.t.bind(i18n);
    const request = row(
      'balance.adjust_request',
      { amount: 3_000_000, username: 'bat', userId: 7, reason: 'шагнал' },
      'x',
    );
    expect(auditSummaryText(request, t, 'mn')).toBe(
      'bat (#7) дансанд ₮3,000,000 нэмэх хүсэлт; хоёр дахь админыг хүлээж байна; шагнал',
    );
    const deal = row('tournament.deal', { tournamentId: 4, total: 90_000, kept: 10_000 }, 'x');
    expect(auditSummaryText(deal, t, 'mn')).toContain('₮90,000');
    const next = row(
      'tournament.schedule_next',
      { name: 'Daily', tournamentId: 4, startsAt: '2026-11-27T12:00:00.000Z' },
      'x',
    );
    expect(auditSummaryText(next, t, 'mn')).toMatch(/^"Daily" \(#4\) хуваарь .*2026.*-д эхэлнэ$/);
    expect(auditSummaryText(next, t, 'mn')).not.toContain('T12:00');
    const limits = row('protection.limits', { fields: 'lossDaily' }, 'x');
    expect(auditSummaryText(limits, t, 'mn')).toBe('Тоглоомын хязгаар өөрчилсөн: lossDaily');
    expect(auditSummaryText(row('tournament.cancel', { name: 'Daily', entrants: 5 }, 'x'), t, 'mn')).toBe(
      '"Daily" тэмцээнийг цуцалсан (5 оролцогч)',
    );
  });

  it('formats money, translates fixed words, keeps names, and falls back to the stored text', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('mn');
    const t = i18n.t.bind(i18n);
    const credit = row('deposit.credit', { amount: 2_000_000, username: 'bat', userId: 7 }, 'x');
    expect(auditSummaryText(credit, t, 'mn')).toBe('bat (#7) дансанд ₮2,000,000 орлого хийгдсэн');
    const sim = row('table.simulation', { from: 'off', to: 'on' }, 'simulation off -> on');
    expect(auditSummaryText(sim, t, 'mn')).toBe('Симуляц: унтраалттай → асаалттай');
    // A name that happens to be a word is not translated: only the word parameters are.
    const status = row('user.status', { username: 'on', from: 'active', to: 'blocked' }, 'x');
    expect(auditSummaryText(status, t, 'mn')).toBe('on: төлөв идэвхтэй → хаагдсан');
    // A period reads as the profile's words, a time as a date.
    const exclusion = row(
      'protection.self_exclusion',
      { period: '6m', until: '2027-05-26T12:00:00.000Z' },
      'x',
    );
    expect(auditSummaryText(exclusion, t, 'mn')).toMatch(/^6 сар өөрийгөө хасалт, .*2027.* хүртэл$/);
    expect(auditSummaryText(exclusion, t, 'mn')).not.toContain('T12:00');
    expect(auditSummaryText(row(null, {}, 'simulation off -> on'), t, 'mn')).toBe('simulation off -> on');
    expect(auditSummaryText(row('table.unknown_code', { a: 1 }, 'as stored'), t, 'mn')).toBe('as stored');
    await i18n.changeLanguage('en');
    expect(auditSummaryText(sim, i18n.t.bind(i18n), 'en')).toBe('Simulation off → on');
  });
});
