import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from './index.js';

describe('protocol package', () => {
  it('exports its version', () => {
    expect(PROTOCOL_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
