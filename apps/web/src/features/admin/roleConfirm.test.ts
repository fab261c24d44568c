import { describe, expect, it } from 'vitest';
import { createI18n } from '../../app/i18n';

describe('the role change question', () => {
  it('puts the right article before each role in English, and asks in Mongolian too', async () => {
    const i18n = createI18n();
    await i18n.changeLanguage('en');
    expect(i18n.t('admin.roleConfirm.ADMIN', { username: 'victim3' })).toBe('Make victim3 an Administrator?');
    expect(i18n.t('admin.roleConfirm.PLAYER', { username: 'victim3' })).toBe('Make victim3 a Player?');
    await i18n.changeLanguage('mn');
    const mn = i18n.t('admin.roleConfirm.ADMIN', { username: 'victim3' });
    expect(mn).toContain('victim3');
    expect(mn).toMatch(/[А-Яа-яӨөҮү]/);
    expect(mn).not.toMatch(/ a |Administrator/);
  });
});
