/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// jsdom applies no stylesheet, so the rule itself is read: a disabled button (the seat dialog's
// "Take seat" while the amount is wrong) must not look like one that can be pressed.
const css = readFileSync(join(import.meta.dirname, 'global.css'), 'utf8');

describe('the buttons of the hand-built pages', () => {
  it('a disabled .btn looks disabled: faded, without the pointer', () => {
    const rule = /\.btn:disabled[^{]*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/opacity:\s*0\.\d+/);
    expect(rule).toMatch(/cursor:\s*not-allowed/);
  });
});
