import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TABLE_SETTINGS,
  getTableSettings,
  readTableSettings,
  reloadTableSettings,
  TABLE_SETTINGS_KEY,
  updateTableSettings,
} from './settings';

beforeEach(() => reloadTableSettings());

describe('table settings', () => {
  it('start from the defaults when nothing is stored', () => {
    expect(readTableSettings()).toEqual(DEFAULT_TABLE_SETTINGS);
  });

  it('are remembered in localStorage and read back after a reload', () => {
    updateTableSettings({ fourColourDeck: true, sounds: false });
    expect(JSON.parse(localStorage.getItem(TABLE_SETTINGS_KEY) ?? '{}')).toMatchObject({
      fourColourDeck: true,
      sounds: false,
    });
    reloadTableSettings();
    expect(getTableSettings()).toMatchObject({ fourColourDeck: true, sounds: false, animations: true });
  });

  it('ignore damaged or wrongly typed stored values, one setting at a time', () => {
    localStorage.setItem(TABLE_SETTINGS_KEY, '{not json');
    expect(readTableSettings()).toEqual(DEFAULT_TABLE_SETTINGS);
    localStorage.setItem(TABLE_SETTINGS_KEY, JSON.stringify({ music: true, sounds: 'no', autoMuck: 0 }));
    expect(readTableSettings()).toEqual({ ...DEFAULT_TABLE_SETTINGS, music: true });
  });

  it('keep a volume from 0 to 100 and nothing else', () => {
    updateTableSettings({ soundVolume: 35 });
    reloadTableSettings();
    expect(getTableSettings().soundVolume).toBe(35);
    for (const soundVolume of [-5, 101, '50', null]) {
      localStorage.setItem(TABLE_SETTINGS_KEY, JSON.stringify({ soundVolume }));
      expect(readTableSettings().soundVolume).toBe(DEFAULT_TABLE_SETTINGS.soundVolume);
    }
  });
});
