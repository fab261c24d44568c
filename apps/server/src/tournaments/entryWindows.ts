// Which buy-ins a tournament takes now (late registration and re-entry, rebuys, the add-on): decided by
// its settings, its status and the level being played only, so the director (its own state) and any
// other process (the snapshot the director saved) answer alike.
import type { TournamentConfig, TournamentStatus } from './ports.js';

export interface EntryWindows {
  lateRegistrationOpen: boolean;
  rebuysOpen: boolean;
  addOnOpen: boolean;
}

type WindowConfig = Pick<TournamentConfig, 'lateRegLevels' | 'rebuyLevels' | 'addOn'>;

/**
 * Late registration while the first `lateRegLevels` levels are played, rebuys the first `rebuyLevels`,
 * the add-on in the level right after the rebuy period; none outside play (before the start, after the end).
 */
export function entryWindows(
  config: WindowConfig,
  status: TournamentStatus,
  levelIndex: number,
): EntryWindows {
  const inPlay = status === 'running' || status === 'break';
  const rebuyLevels = config.rebuyLevels ?? 0;
  return {
    lateRegistrationOpen: inPlay && levelIndex < (config.lateRegLevels ?? 0),
    rebuysOpen: inPlay && levelIndex < rebuyLevels,
    addOnOpen: inPlay && Boolean(config.addOn) && rebuyLevels > 0 && levelIndex === rebuyLevels,
  };
}
