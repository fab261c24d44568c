/* global URL, console, Buffer */
// Writes the table's sound effects into public/sounds/ as small WAV files (mono, 22,050 Hz, 16-bit PCM),
// synthesized here so the repository holds their recipe, not someone else's recordings. The noise is a hash
// of each sample's index: running the script again writes the same bytes. Run: node scripts/make-sounds.mjs
import { mkdirSync, writeFileSync } from 'node:fs';

const OUT = new URL('../public/sounds/', import.meta.url).pathname;
const RATE = 22_050;
/** Each file stays well under 20 KB (0.45 s of 16-bit mono is about 20 KB). */
const MAX_SECONDS = 0.42;
/** Every file peaks at the same level (about -4.4 dB), so none is much louder than another. */
const PEAK = 0.6;

/** A tone or a burst of noise: starts `at` seconds in, fades out exponentially over `seconds`. */
function voice({ at = 0, seconds, frequency = 0, sweep = 1, noise = 0, gain, attack = 0.002 }) {
  return { at, seconds, frequency, sweep, noise, gain, attack };
}

const SOUNDS = {
  // A card snapped onto the felt: a short, bright burst of noise over a low thump.
  deal: [voice({ seconds: 0.06, noise: 1, gain: 0.5 }), voice({ seconds: 0.05, frequency: 180, gain: 0.3 })],
  // Two chips clicking together, then a third settling.
  chip: [
    voice({ seconds: 0.035, frequency: 3100, noise: 0.35, gain: 0.35 }),
    voice({ at: 0.055, seconds: 0.03, frequency: 3600, noise: 0.35, gain: 0.28 }),
    voice({ at: 0.1, seconds: 0.05, frequency: 2700, noise: 0.25, gain: 0.2 }),
  ],
  // Your turn: a two-note chime, up a fourth.
  turn: [
    voice({ seconds: 0.22, frequency: 659.25, gain: 0.32, attack: 0.006 }),
    voice({ at: 0.12, seconds: 0.28, frequency: 880, gain: 0.32, attack: 0.006 }),
  ],
  // A knuckle on the table.
  check: [
    voice({ seconds: 0.07, frequency: 240, sweep: 0.7, gain: 0.5 }),
    voice({ seconds: 0.02, noise: 1, gain: 0.15 }),
  ],
  // Cards pushed away: a soft falling swoosh.
  fold: [voice({ seconds: 0.16, noise: 0.6, frequency: 420, sweep: 0.5, gain: 0.25, attack: 0.03 })],
  // The clock's last seconds.
  tick: [voice({ seconds: 0.025, frequency: 1500, gain: 0.3 })],
  // A pot won: a rising major arpeggio.
  win: [
    voice({ seconds: 0.16, frequency: 523.25, gain: 0.25, attack: 0.005 }),
    voice({ at: 0.1, seconds: 0.16, frequency: 659.25, gain: 0.25, attack: 0.005 }),
    voice({ at: 0.2, seconds: 0.22, frequency: 783.99, gain: 0.28, attack: 0.005 }),
  ],
};

/** Noise that is the same on every run: a hash of the sample's index (the shader world's sin-hash). */
function noiseAt(index, seed) {
  const x = Math.sin((index + 1) * 12.9898 + seed * 78.233) * 43_758.5453;
  return (x - Math.floor(x)) * 2 - 1;
}

function render(voices, seed) {
  const seconds = Math.min(MAX_SECONDS, Math.max(...voices.map((v) => v.at + v.seconds)) + 0.01);
  const samples = new Float64Array(Math.ceil(seconds * RATE));
  for (const v of voices) {
    const start = Math.round(v.at * RATE);
    const length = Math.min(Math.round(v.seconds * RATE), samples.length - start);
    let phase = 0;
    for (let i = 0; i < length; i++) {
      const t = i / RATE;
      // Fades to about -60 dB at the end of the voice, after a short attack (no click at the start).
      const envelope = Math.min(1, t / v.attack) * Math.exp((-6.9 * t) / v.seconds);
      const frequency = v.frequency * v.sweep ** (t / v.seconds);
      phase += (2 * Math.PI * frequency) / RATE;
      const tone = v.frequency > 0 ? Math.sin(phase) : 0;
      const noise = noiseAt(start + i, seed);
      samples[start + i] += v.gain * envelope * (tone * (1 - v.noise) + noise * v.noise);
    }
  }
  const loudest = Math.max(...samples.map(Math.abs));
  return samples.map((s) => (s * PEAK) / loudest);
}

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32_767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

mkdirSync(OUT, { recursive: true });
Object.entries(SOUNDS).forEach(([name, voices], index) => {
  const file = wav(render(voices, index + 1));
  writeFileSync(`${OUT}${name}.wav`, file);
  console.log(`${name}.wav ${(file.length / 1024).toFixed(1)} KB`);
});
