import { useEffect, useState } from 'react';
import { getTableSettings, MAX_SOUND_VOLUME, type TableSettings } from './settings';

/**
 * Table sounds: small audio files (public/sounds/, written by scripts/make-sounds.mjs) for dealing, chips,
 * checks, folds, your turn, the clock and a win, played through WebAudio at the table's volume; and a soft
 * arpeggio ("music") and a low pad ("background music") made on the fly. Nothing plays while sounds are off
 * or the volume is 0, before the page has had a user gesture (the browsers' autoplay rules), or where there
 * is no AudioContext (tests: jsdom has none). A sound that cannot play is silently skipped.
 */

export type TableSound = 'deal' | 'chip' | 'check' | 'fold' | 'turn' | 'tick' | 'win';

/** Where a sound goes once the settings allow it (a fake in tests). */
export interface SoundOutput {
  /** `volume` from 0 (exclusive) to 1. */
  play(sound: TableSound, volume: number): void;
}

/** The volume the table's effects play at, 0..1: 0 when sounds are off (muted). */
export function effectVolume(settings: Pick<TableSettings, 'sounds' | 'soundVolume'>): number {
  return settings.sounds ? musicVolume(settings) : 0;
}

/** The music's volume, 0..1 (its own switches turn it on and off). */
export function musicVolume(settings: Pick<TableSettings, 'soundVolume'>): number {
  return Math.max(0, Math.min(MAX_SOUND_VOLUME, settings.soundVolume)) / MAX_SOUND_VOLUME;
}

/** Plays a table sound if sounds are on and the volume is above 0. */
export function playSound(
  sound: TableSound,
  settings: Pick<TableSettings, 'sounds' | 'soundVolume'> = getTableSettings(),
  output: SoundOutput | null = fileOutput(),
): void {
  const volume = effectVolume(settings);
  if (volume <= 0 || !output) return;
  output.play(sound, volume);
}

const soundUrl = (sound: TableSound) => `${import.meta.env.BASE_URL}sounds/${sound}.wav`;

let context: AudioContext | null = null;

/** The page's one AudioContext, made only after a user gesture (made earlier it starts suspended). */
function audio(): AudioContext | null {
  if (context) return context;
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return null;
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  if (activation && !activation.hasBeenActive) return null;
  const Ctor =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

const buffers = new Map<TableSound, Promise<AudioBuffer | null>>();

function loaded(ctx: AudioContext, sound: TableSound): Promise<AudioBuffer | null> {
  let buffer = buffers.get(sound);
  if (!buffer) {
    buffer = fetch(soundUrl(sound))
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error('no sound'))))
      .then((bytes) => ctx.decodeAudioData(bytes))
      .catch(() => {
        buffers.delete(sound); // tried again next time (the network may be back)
        return null;
      });
    buffers.set(sound, buffer);
  }
  return buffer;
}

/** The files, through WebAudio (a gain node for the volume: iOS ignores an audio element's volume). */
function fileOutput(): SoundOutput | null {
  const ctx = audio();
  if (!ctx) return null;
  return {
    play(sound, volume) {
      if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
      void loaded(ctx, sound).then((buffer) => {
        // Still suspended (no gesture yet, or refused): skip it rather than play it late.
        if (!buffer || ctx.state !== 'running') return;
        const source = ctx.createBufferSource();
        const gain = ctx.createGain();
        source.buffer = buffer;
        gain.gain.value = volume;
        source.connect(gain).connect(ctx.destination);
        source.start();
      });
    },
  };
}

interface Tone {
  frequency: number;
  duration: number;
  type: OscillatorType;
  gain: number;
}

function playTones(
  ctx: AudioContext,
  tones: readonly Tone[],
  destination: AudioNode = ctx.destination,
): void {
  const now = ctx.currentTime;
  for (const tone of tones) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.value = tone.frequency;
    gain.gain.setValueAtTime(tone.gain, now);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.duration);
    oscillator.connect(gain).connect(destination);
    oscillator.start(now);
    oscillator.stop(now + tone.duration + 0.02);
  }
}

// ---- music loops ----

/** A slow arpeggio in A minor pentatonic (music) and a held low chord (background music). */
const MELODY = [220, 261.63, 293.66, 329.63, 392, 329.63, 293.66, 261.63];
const MELODY_STEP_S = 0.6;
const PAD_CHORD = [110, 164.81, 220];
/** At full volume: the music stays well under the table's effects. */
const MELODY_GAIN = 0.03;
const PAD_GAIN = 0.015;

class Loop {
  private timer: ReturnType<typeof setInterval> | null = null;
  private pad: { oscillators: OscillatorNode[]; gain: GainNode } | null = null;
  private step = 0;

  startMelody(ctx: AudioContext): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      const frequency = MELODY[this.step % MELODY.length];
      this.step += 1;
      const volume = musicVolume(getTableSettings());
      if (volume > 0)
        playTones(ctx, [{ frequency, duration: 0.5, type: 'sine', gain: MELODY_GAIN * volume }]);
    }, MELODY_STEP_S * 1000);
  }

  stopMelody(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  startPad(ctx: AudioContext, volume: number): void {
    if (this.pad) return this.setPadVolume(volume);
    const gain = ctx.createGain();
    gain.gain.value = PAD_GAIN * volume;
    gain.connect(ctx.destination);
    const oscillators = PAD_CHORD.map((frequency) => {
      const oscillator = ctx.createOscillator();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start();
      return oscillator;
    });
    this.pad = { oscillators, gain };
  }

  setPadVolume(volume: number): void {
    if (this.pad) this.pad.gain.gain.value = PAD_GAIN * volume;
  }

  stopPad(): void {
    if (!this.pad) return;
    for (const oscillator of this.pad.oscillators) oscillator.stop();
    this.pad.gain.disconnect();
    this.pad = null;
  }
}

const loop = new Loop();

/** Keeps the music and background music playing while the table is open and the settings say so. */
export function useTableMusic(
  settings: Pick<TableSettings, 'music' | 'backgroundMusic' | 'soundVolume'>,
  /** Several tables at once: only one of them (the set's leader) plays the music. */
  active = true,
): void {
  // Music may start only after a user gesture (autoplay rules): try again at the first one.
  const [gestured, setGestured] = useState(false);
  useEffect(() => {
    if (gestured) return;
    const onGesture = () => setGestured(true);
    window.addEventListener('pointerdown', onGesture, { once: true });
    window.addEventListener('keydown', onGesture, { once: true });
    return () => {
      window.removeEventListener('pointerdown', onGesture);
      window.removeEventListener('keydown', onGesture);
    };
  }, [gestured]);

  const volume = musicVolume(settings);
  useEffect(() => {
    if (!active) return;
    const ctx = settings.music || settings.backgroundMusic ? audio() : null;
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
    if (ctx && settings.music) loop.startMelody(ctx);
    else loop.stopMelody();
    if (ctx && settings.backgroundMusic) loop.startPad(ctx, volume);
    else loop.stopPad();
  }, [settings.music, settings.backgroundMusic, active, volume, gestured]);

  useEffect(() => {
    if (!active) return;
    return () => {
      loop.stopMelody();
      loop.stopPad();
    };
  }, [active]);
}
