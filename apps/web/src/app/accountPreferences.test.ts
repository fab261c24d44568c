import { describe, expect, it, vi } from 'vitest';
import { applyAccountPreferences, type PreferenceTargets } from './accountPreferences';

function targets() {
  return {
    tableSettingNames: ['fourColourDeck', 'sounds', 'hideChat', 'autoMuck'],
    tableSettings: vi.fn<PreferenceTargets['tableSettings']>(),
    theme: vi.fn<PreferenceTargets['theme']>(),
    language: vi.fn<PreferenceTargets['language']>(),
    chatMuted: vi.fn<PreferenceTargets['chatMuted']>(),
  };
}

describe("the account's preferences on a new device", () => {
  it('apply the table settings, theme, language and chat mutes the account holds', () => {
    const to = targets();
    applyAccountPreferences(
      {
        fourColourDeck: true,
        sounds: false,
        hideChat: true,
        darkTheme: true,
        language: 'mn',
        chatMuted: [7, 9],
      },
      to,
    );
    expect(to.tableSettings).toHaveBeenCalledWith({ fourColourDeck: true, sounds: false, hideChat: true });
    expect(to.theme).toHaveBeenCalledWith('dark');
    expect(to.language).toHaveBeenCalledWith('mn');
    expect(to.chatMuted).toHaveBeenCalledWith([7, 9]);
  });

  it('leave what the account does not hold as this device has it', () => {
    const to = targets();
    applyAccountPreferences({ darkTheme: false }, to);
    expect(to.theme).toHaveBeenCalledWith('light');
    expect(to.tableSettings).not.toHaveBeenCalled();
    expect(to.language).not.toHaveBeenCalled();
    expect(to.chatMuted).not.toHaveBeenCalled();
    applyAccountPreferences(undefined, to);
    expect(to.theme).toHaveBeenCalledTimes(1);
  });
});
