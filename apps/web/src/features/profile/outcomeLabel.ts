import { OutcomeTypeSchema } from '@tenger/protocol';

/** The game-history row types the site names (the protocol's); anything else reads "Other". */
const KNOWN_TYPES = new Set<string>(OutcomeTypeSchema.options);

/**
 * The i18n key naming a game-history row. A hand's row carries its net result, so a hand lost is a
 * "Gameplay Loss", not a "Gameplay Win" with a minus sign.
 */
export function outcomeLabelKey(type: string, amount: number): string {
  if (type === 'gameplay' && amount < 0) return 'profile.history.types.gameplayLoss';
  return `profile.history.types.${KNOWN_TYPES.has(type) ? type : 'other'}`;
}
