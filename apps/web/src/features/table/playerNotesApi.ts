import type { PlayerNotesResponse, PutPlayerNoteRequest, PutPlayerNoteResponse } from '@tenger/protocol';
import { userApi } from '../../api/userApi';
import { useAppSelector } from '../../app/hooks';

/**
 * The viewer's private notes and colour tags on other players: read once (every table view shares the
 * one cached answer) and patched in place after each save, so a save costs no second read. The cache is
 * keyed by the signed-in account (`owner`), so another account signed in without a reload never sees
 * the notes of the one before.
 */
export const playerNotesApi = userApi.injectEndpoints({
  endpoints: (build) => ({
    getPlayerNotes: build.query<PlayerNotesResponse, string>({ query: () => '/notes' }),
    putPlayerNote: build.mutation<
      PutPlayerNoteResponse,
      PutPlayerNoteRequest & { userId: number; owner: string }
    >({
      query: ({ userId, note, colour }) => ({
        url: `/notes/${userId}`,
        method: 'PUT',
        body: { note, colour },
      }),
      async onQueryStarted({ userId, owner }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          playerNotesApi.util.updateQueryData('getPlayerNotes', owner, (draft) => {
            draft.notes = draft.notes.filter((n) => n.userId !== userId);
            if (data.saved) draft.notes.unshift(data.saved);
          }),
        );
      },
    }),
  }),
});

export const { useGetPlayerNotesQuery, usePutPlayerNoteMutation } = playerNotesApi;

/** The signed-in account the notes belong to (null: signed out, or not known yet). */
export function useNotesOwner(): string | null {
  return useAppSelector((state) =>
    state.auth.isAuthenticated && state.auth.userInfo ? String(state.auth.userInfo.userId) : null,
  );
}
