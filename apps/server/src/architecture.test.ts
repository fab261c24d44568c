// The shape of the server's imports, read by madge from the sources (type-only imports count: a port
// that names its implementation's types still depends on it). Tests are left out; src/testing is in.
import { join } from 'node:path';
import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname);

/** The port implementations of a table (docs/runtime.md): the ports module must import none of them. */
const TABLE_PORT_IMPLEMENTATIONS = [
  'tables/runtime/clock.ts',
  'tables/runtime/ledgerBank.ts',
  'tables/runtime/memoryBank.ts',
  'tables/runtime/tournamentChipBank.ts',
  'tables/runtime/memoryTableStore.ts',
  'tables/runtime/databaseTableStore.ts',
  'tables/runtime/viewerSet.ts',
  'tables/runtime/settlement.ts',
];

describe('the server source imports', () => {
  let graph: Record<string, string[]>;
  let cycles: string[][];

  beforeAll(async () => {
    const result = await madge(SRC, {
      fileExtensions: ['ts'],
      tsConfig: join(SRC, '../tsconfig.json'),
      excludeRegExp: [/\.test\.ts$/],
    });
    graph = result.obj();
    cycles = result.circular();
  }, 120_000);

  it('are read whole: every module, each import resolved to its file', () => {
    expect(Object.keys(graph).length).toBeGreaterThan(100);
    expect(graph['main.ts']).toContain('server.ts');
    expect(graph['tables/runtime/tableRuntime.ts']).toContain('tables/runtime/seatDesk.ts');
  });

  it('form no cycle', () => {
    expect(cycles).toEqual([]);
  });

  it('of the table ports name none of their implementations', () => {
    const imported = graph['tables/runtime/ports.ts'];
    expect(imported).toBeDefined();
    expect(imported.filter((m) => TABLE_PORT_IMPLEMENTATIONS.includes(m))).toEqual([]);
  });

  it('of production code reach nothing under src/testing (the build leaves it out)', () => {
    const production = Object.keys(graph).filter((m) => !m.startsWith('testing/'));
    const reaching = production.flatMap((m) =>
      graph[m].filter((d) => d.startsWith('testing/')).map((d) => `${m} -> ${d}`),
    );
    expect(reaching).toEqual([]);
  });
});
