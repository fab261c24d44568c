import type { TournamentFinish, TournamentMove } from '@tenger/protocol';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useGetTournamentQuery } from '../../api/userApi';
import { useAppSelector } from '../../app/hooks';
import type { TableViewState } from './tableState';
import { useTableSlot } from './multi/tableSlot';

/** How often the tournament is asked where the viewer went when its table closed without saying. */
const CLOSED_TABLE_POLL_MS = 2000;

/** Navigation state of a page reached by a move: the new table says so in a notice. */
export interface MovedHere {
  movedTo: TournamentMove;
}

/**
 * Follows the viewer through a tournament without a reload: a move (`tournament-move`, or the snapshot's
 * `movedTo`) takes the page to the new table; the viewer's finish comes from the table (or, when the
 * table closed without a word for them, from the tournament's own page, which also says if it was
 * cancelled). Returns the finish to show, and whether the tournament was cancelled.
 */
export function useTournamentFollow(state: TableViewState): {
  finish: TournamentFinish | null;
  cancelled: boolean;
} {
  const navigate = useNavigate();
  const myId = useAppSelector((s) => s.auth.userInfo?.userId ?? null);
  const move = state.tournamentMove;
  // In a set of tables the new table takes the old one's place.
  const slot = useTableSlot();
  useEffect(() => {
    if (!move) return;
    slot?.moved(String(move.tableId));
    const movedHere: MovedHere = { movedTo: move };
    void navigate(`/table/${move.tableId}`, { replace: true, state: movedHere });
  }, [move, navigate, slot]);

  const tournamentId = state.table?.tournament?.tournamentId ?? null;
  // The table closed while we sat here and told us nothing: ask the tournament (a cancellation, or news lost).
  const unexplained =
    tournamentId !== null &&
    state.connection === 'closed' &&
    state.removedBecause === 'moved' &&
    !state.tournamentFinish &&
    !move;
  const { data } = useGetTournamentQuery(tournamentId ?? 0, {
    skip: !unexplained,
    pollingInterval: unexplained ? CLOSED_TABLE_POLL_MS : 0,
  });
  const me = unexplained && data ? data.players.find((p) => p.userId === myId) : undefined;
  const elsewhere =
    me && me.place === null && me.tableId !== null && me.tableId !== state.table?.tableId ? me : null;
  useEffect(() => {
    if (elsewhere?.tableId == null) return;
    slot?.moved(String(elsewhere.tableId));
    void navigate(`/table/${elsewhere.tableId}`, { replace: true });
  }, [elsewhere?.tableId, navigate, slot]);

  const finish =
    state.tournamentFinish ??
    (me && me.place !== null ? { place: me.place, prize: me.prize, entrants: data!.entrants } : null);
  return { finish, cancelled: unexplained && data?.status === 'cancelled' };
}
