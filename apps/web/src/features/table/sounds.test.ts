import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TABLE_SETTINGS } from './settings';
import { effectVolume, playSound, type SoundOutput } from './sounds';

const output = () => ({ play: vi.fn<SoundOutput['play']>() });

describe('table sounds and their volume', () => {
  it('play at the chosen volume, as a share of full', () => {
    const speaker = output();
    playSound('turn', { sounds: true, soundVolume: 40 }, speaker);
    expect(speaker.play).toHaveBeenCalledExactlyOnceWith('turn', 0.4);
  });

  it('muted (sounds off) nothing is played, whatever the volume', () => {
    const speaker = output();
    playSound('deal', { sounds: false, soundVolume: 100 }, speaker);
    playSound('chip', { sounds: false, soundVolume: 70 }, speaker);
    expect(speaker.play).not.toHaveBeenCalled();
    expect(effectVolume({ sounds: false, soundVolume: 100 })).toBe(0);
  });

  it('at volume 0 nothing is played either', () => {
    const speaker = output();
    playSound('chip', { sounds: true, soundVolume: 0 }, speaker);
    expect(speaker.play).not.toHaveBeenCalled();
  });

  it('without audio (jsdom, an old browser, no user gesture yet) a sound is silently skipped', () => {
    expect(() => playSound('win', DEFAULT_TABLE_SETTINGS)).not.toThrow();
    expect(() => playSound('win', DEFAULT_TABLE_SETTINGS, null)).not.toThrow();
  });
});
