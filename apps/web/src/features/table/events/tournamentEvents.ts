import { sameUser, type EventReducers } from './eventHelpers';

/**
 * A tournament table's news of one player (public, as in the tournament's lobby): their tournament is
 * over, or they were moved to another table. Only the viewer's own is kept: it opens the finish dialog,
 * or takes the page to the new table.
 */
export type TournamentEventType = 'tournament-finish' | 'tournament-move';

export const tournamentEventReducers: EventReducers<TournamentEventType> = {
  'tournament-finish': (state, { userId, place, prize, entrants }) =>
    sameUser(userId, state.viewer.userId)
      ? { ...state, tournamentFinish: { place, prize, entrants } }
      : state,
  'tournament-move': (state, { userId, tableId, tableName, seat }) =>
    sameUser(userId, state.viewer.userId)
      ? { ...state, tournamentMove: { tableId, tableName, seat } }
      : state,
};
