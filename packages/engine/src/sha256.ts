// SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104) in plain TypeScript, synchronous, with no
// platform import: the provably fair derivation and its verifier run the same code on the server and
// in the browser (WebCrypto's digest is async, which would make the Fisher–Yates loop awkward).
// Tested against node:crypto on random inputs (sha256.test.ts).

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = Int32Array.of(
  0x6a09e667,
  0xbb67ae85,
  0x3c6ef372,
  0xa54ff53a,
  0x510e527f,
  0x9b05688c,
  0x1f83d9ab,
  0x5be0cd19,
);
const BLOCK_BYTES = 64;
// Scratch space, reused: hashing allocates only its 32-byte result.
const W = new Int32Array(64);
const TAIL = new Uint8Array(2 * BLOCK_BYTES);
const STATE = new Int32Array(8);

/** SHA-256 of the bytes given (concatenated in order): 32 bytes. */
export function sha256(...parts: Uint8Array[]): Uint8Array {
  return digestFrom(INITIAL, 0, parts.length === 1 ? parts[0] : concatBytes(...parts));
}

/** HMAC-SHA-256(key, message): 32 bytes. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmacSha256Keyed(key)(message);
}

/**
 * HMAC-SHA-256 with the key's padded blocks hashed once: returns message => HMAC(key, message).
 * The deal draws several HMAC blocks under one key.
 */
export function hmacSha256Keyed(key: Uint8Array): (message: Uint8Array) => Uint8Array {
  const block = new Uint8Array(BLOCK_BYTES);
  block.set(key.length > BLOCK_BYTES ? sha256(key) : key);
  const pad = new Uint8Array(BLOCK_BYTES);
  for (let i = 0; i < BLOCK_BYTES; i++) pad[i] = block[i] ^ 0x36;
  const inner = INITIAL.slice();
  compress(inner, pad, 0);
  for (let i = 0; i < BLOCK_BYTES; i++) pad[i] = block[i] ^ 0x5c;
  const outer = INITIAL.slice();
  compress(outer, pad, 0);
  return (message) => digestFrom(outer, BLOCK_BYTES, digestFrom(inner, BLOCK_BYTES, message));
}

/** Finishes a hash whose first `absorbed` bytes (a multiple of 64) left the chaining value `state`. */
function digestFrom(state: Int32Array, absorbed: number, data: Uint8Array): Uint8Array {
  const h = STATE;
  h.set(state);
  const length = data.length;
  const whole = length - (length % BLOCK_BYTES);
  for (let offset = 0; offset < whole; offset += BLOCK_BYTES) compress(h, data, offset);
  const rest = length - whole;
  const tailLength = rest + 9 > BLOCK_BYTES ? 2 * BLOCK_BYTES : BLOCK_BYTES;
  TAIL.fill(0);
  TAIL.set(data.subarray(whole), 0);
  TAIL[rest] = 0x80;
  const bits = (absorbed + length) * 8;
  const high = Math.floor(bits / 0x1_0000_0000);
  const low = bits >>> 0;
  TAIL[tailLength - 8] = high >>> 24;
  TAIL[tailLength - 7] = high >>> 16;
  TAIL[tailLength - 6] = high >>> 8;
  TAIL[tailLength - 5] = high;
  TAIL[tailLength - 4] = low >>> 24;
  TAIL[tailLength - 3] = low >>> 16;
  TAIL[tailLength - 2] = low >>> 8;
  TAIL[tailLength - 1] = low;
  for (let offset = 0; offset < tailLength; offset += BLOCK_BYTES) compress(h, TAIL, offset);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    out[i * 4] = h[i] >>> 24;
    out[i * 4 + 1] = h[i] >>> 16;
    out[i * 4 + 2] = h[i] >>> 8;
    out[i * 4 + 3] = h[i];
  }
  return out;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let total = 0;
  for (const part of parts) total += part.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function utf8(text: string): Uint8Array {
  return ENCODER.encode(text);
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += HEX[bytes[i]];
  return hex;
}

/** Bytes of an even-length lowercase or uppercase hex string; null when it is not one. */
export function fromHex(hex: string): Uint8Array | null {
  if (typeof hex !== 'string' || hex.length % 2 !== 0) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const high = nibble(hex.charCodeAt(i * 2));
    const low = nibble(hex.charCodeAt(i * 2 + 1));
    if (high < 0 || low < 0) return null;
    out[i] = (high << 4) | low;
  }
  return out;
}

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

const ENCODER = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

function compress(h: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t++) {
    const o = offset + t * 4;
    W[t] = (bytes[o] << 24) | (bytes[o + 1] << 16) | (bytes[o + 2] << 8) | bytes[o + 3];
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15];
    const w2 = W[t - 2];
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = (W[t - 16] + s0 + W[t - 7] + s1) | 0;
  }
  let a = h[0];
  let b = h[1];
  let c = h[2];
  let d = h[3];
  let e = h[4];
  let f = h[5];
  let g = h[6];
  let hh = h[7];
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (hh + S1 + ch + K[t] + W[t]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0] + a) | 0;
  h[1] = (h[1] + b) | 0;
  h[2] = (h[2] + c) | 0;
  h[3] = (h[3] + d) | 0;
  h[4] = (h[4] + e) | 0;
  h[5] = (h[5] + f) | 0;
  h[6] = (h[6] + g) | 0;
  h[7] = (h[7] + hh) | 0;
}
