import type { SeatedTablesResponse } from '@tenger/protocol';
import { useTranslation } from 'react-i18next';
import { userApi } from '../../api/userApi';
import { LOBBY_POLL_MS } from '../../app/constants';
import { useAppSelector } from '../../app/hooks';
import './seatedMark.css';

const seatedEndpoints = userApi.injectEndpoints({
  endpoints: (build) => ({
    getSeatedTables: build.query<SeatedTablesResponse, void>({
      query: () => '/tables/seated',
      providesTags: ['TableList'],
    }),
  }),
});

const NONE: ReadonlySet<number> = new Set();

/** The tables where the signed-in player sits now (none for visitors), re-read with the lobby. */
export function useSeatedTables(): ReadonlySet<number> {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const { data } = seatedEndpoints.useGetSeatedTablesQuery(undefined, {
    skip: !isAuthenticated,
    pollingInterval: LOBBY_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  return data && isAuthenticated ? new Set(data.tableIds) : NONE;
}

/** "You sit here" beside a table's name in the lobby. */
export function SeatedMark() {
  const { t } = useTranslation();
  return (
    <span className="seated-mark" data-testid="seated-mark">
      {t('lobbySeated.youSitHere')}
    </span>
  );
}
