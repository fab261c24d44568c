import type { LobbyTable } from '../../api/types';

export type VariantFamily = 'texas' | 'omaha' | 'unknown';

/** Spec §3 variants: texas and holdem are both Texas Hold'em; anything Omaha is Omaha. */
export function variantFamily(variant: string | undefined): VariantFamily {
  const value = (variant ?? '').toLowerCase();
  if (value.includes('omaha')) return 'omaha';
  if (value.includes('texas') || value.includes('holdem') || value.includes("hold'em")) return 'texas';
  return 'unknown';
}

/** A stakes level is the blinds pair; the filter offers the levels the lobby actually has. */
export function stakesKey(table: Pick<LobbyTable, 'blinds'>): string {
  return `${table.blinds.small}/${table.blinds.big}`;
}

export function stakesLevels(tables: readonly LobbyTable[]): { key: string; small: number; big: number }[] {
  const byKey = new Map<string, { key: string; small: number; big: number }>();
  for (const table of tables) {
    const key = stakesKey(table);
    if (!byKey.has(key)) byKey.set(key, { key, small: table.blinds.small, big: table.blinds.big });
  }
  return [...byKey.values()].sort((a, b) => a.big - b.big || a.small - b.small);
}

export function isFull(table: Pick<LobbyTable, 'players'>): boolean {
  return table.players.seated >= table.players.max;
}
