import { useEffect } from 'react';
import { getTableSettings, type TableSettings } from './settings';

/**
 * Table sounds made on the fly with WebAudio (no audio files): short beeps for dealing, chips, checks,
 * folds, your turn, the clock and a win; a soft arpeggio for "music" and a low pad for "background
 * music". Everything is silent when the setting is off or the browser has no AudioContext.
 */

export type TableSound = 'deal' | 'chip' | 'check' | 'fold' | 'turn' | 'tick' | 'win';

interface Tone {
  frequency: number;
  duration: number;
  type: OscillatorType;
  gain: number;
  /** Start offset in seconds. */
  at?: number;
}

const SOUNDS: Record<TableSound, Tone[]> = {
  deal: [{ frequency: 1400, duration: 0.04, type: 'triangle', gain: 0.08 }],
  chip: [
    { frequency: 2200, duration: 0.03, type: 'square', gain: 0.04 },
    { frequency: 2600, duration: 0.03, type: 'square', gain: 0.03, at: 0.05 },
  ],
  check: [{ frequency: 300, duration: 0.06, type: 'sine', gain: 0.15 }],
  fold: [{ frequency: 180, duration: 0.08, type: 'sine', gain: 0.1 }],
  turn: [
    { frequency: 660, duration: 0.09, type: 'sine', gain: 0.12 },
    { frequency: 880, duration: 0.12, type: 'sine', gain: 0.12, at: 0.1 },
  ],
  tick: [{ frequency: 1000, duration: 0.03, type: 'sine', gain: 0.06 }],
  win: [
    { frequency: 523, duration: 0.12, type: 'triangle', gain: 0.12 },
    { frequency: 659, duration: 0.12, type: 'triangle', gain: 0.12, at: 0.12 },
    { frequency: 784, duration: 0.2, type: 'triangle', gain: 0.12, at: 0.24 },
  ],
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

function playTones(
  ctx: AudioContext,
  tones: readonly Tone[],
  destination: AudioNode = ctx.destination,
): void {
  const now = ctx.currentTime;
  for (const tone of tones) {
    const start = now + (tone.at ?? 0);
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.value = tone.frequency;
    gain.gain.setValueAtTime(tone.gain, start);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.duration);
    oscillator.connect(gain).connect(destination);
    oscillator.start(start);
    oscillator.stop(start + tone.duration + 0.02);
  }
}

/** Plays a table sound if sounds are on. */
export function playSound(
  sound: TableSound,
  settings: Pick<TableSettings, 'sounds'> = getTableSettings(),
): void {
  if (!settings.sounds) return;
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  playTones(ctx, SOUNDS[sound]);
}

// ---- music loops ----

/** A slow arpeggio in A minor pentatonic (music) and a held low chord (background music). */
const MELODY = [220, 261.63, 293.66, 329.63, 392, 329.63, 293.66, 261.63];
const MELODY_STEP_S = 0.6;
const PAD_CHORD = [110, 164.81, 220];

class Loop {
  private timer: ReturnType<typeof setInterval> | null = null;
  private pad: { oscillators: OscillatorNode[]; gain: GainNode } | null = null;
  private step = 0;

  startMelody(ctx: AudioContext): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      const frequency = MELODY[this.step % MELODY.length];
      this.step += 1;
      playTones(ctx, [{ frequency, duration: 0.5, type: 'sine', gain: 0.03 }]);
    }, MELODY_STEP_S * 1000);
  }

  stopMelody(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  startPad(ctx: AudioContext): void {
    if (this.pad) return;
    const gain = ctx.createGain();
    gain.gain.value = 0.015;
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

  stopPad(): void {
    if (!this.pad) return;
    for (const oscillator of this.pad.oscillators) oscillator.stop();
    this.pad.gain.disconnect();
    this.pad = null;
  }
}

const loop = new Loop();

/** Keeps the music and background music playing while the table is open and the settings say so. */
export function useTableMusic(settings: Pick<TableSettings, 'music' | 'backgroundMusic'>): void {
  useEffect(() => {
    const ctx = settings.music || settings.backgroundMusic ? audio() : null;
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
    if (ctx && settings.music) loop.startMelody(ctx);
    else loop.stopMelody();
    if (ctx && settings.backgroundMusic) loop.startPad(ctx);
    else loop.stopPad();
  }, [settings.music, settings.backgroundMusic]);

  useEffect(
    () => () => {
      loop.stopMelody();
      loop.stopPad();
    },
    [],
  );
}
