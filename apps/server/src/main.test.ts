import { describe, expect, it } from 'vitest';

describe('server package', () => {
  it('has a composition root', async () => {
    const fs = await import('node:fs');
    expect(fs.existsSync(new URL('./main.ts', import.meta.url))).toBe(true);
  });
});
