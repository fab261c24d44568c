/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** The import specifiers of every source file (tests too) in one folder of src/. */
function importsIn(folder: string): { file: string; specifier: string }[] {
  return readdirSync(join(SRC, folder))
    .filter((name) => /\.tsx?$/.test(name))
    .flatMap((name) =>
      [...readFileSync(join(SRC, folder, name), 'utf8').matchAll(/(?:from\s+|import\()\s*'([^']+)'/g)].map(
        (match) => ({ file: `${folder}/${name}`, specifier: match[1] }),
      ),
    );
}

describe('the layers of the web app', () => {
  it('app/ and api/ import nothing from features/; only the routes name the pages they load', () => {
    const reaching = [...importsIn('app'), ...importsIn('api')].filter(
      ({ file, specifier }) => specifier.includes('features/') && file !== 'app/routes.tsx',
    );
    expect(reaching).toEqual([]);
  });
});
