import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiHost } from '../api/baseQuery';
import { getAccessToken } from '../api/session';
import { balanceUpdated, unauthorized } from '../app/authSlice';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { setJackpot } from '../app/jackpotSlice';
import { GlobalSocket, globalSocketUrl } from './globalSocket';
import { moneyListRefresher } from './moneyLists';
import { restartBegan, restartEnded } from './serverRestart';

/** How long to wait before telling the user their session ended elsewhere (our own logout reloads first). */
const SESSION_ENDED_NOTICE_DELAY_MS = 1000;

/** Keeps one /ws/global connection while the current user has a userId; closes it when they go away. */
export function useGlobalSocket(): void {
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  const userId = useAppSelector((state) =>
    state.auth.isAuthenticated ? state.auth.userInfo?.userId : undefined,
  );

  useEffect(() => {
    const token = getAccessToken();
    if (!userId || !token) return;
    const lists = moneyListRefresher(dispatch);
    const socket = new GlobalSocket({
      url: globalSocketUrl(apiHost()),
      token,
      onBalance(forUserId, balance, locked) {
        if (forUserId !== userId) return;
        dispatch(balanceUpdated({ balance, locked }));
        lists.moneyMoved();
      },
      onJackpot(amount) {
        dispatch(setJackpot(amount));
      },
      onServerRestart(restarting) {
        dispatch(restarting ? restartBegan('global') : restartEnded('global'));
      },
      onSessionEnded() {
        // Our own logout also ends the session (and reloads the page): speak only if the token is still here.
        setTimeout(() => {
          if (getAccessToken() !== token) return;
          // antd loads on demand so the lobby's first load stays free of it.
          void import('antd').then(({ message }) => message.warning(t('realtime.sessionEnded')));
          dispatch(unauthorized());
        }, SESSION_ENDED_NOTICE_DELAY_MS);
      },
    });
    socket.connect();
    return () => {
      socket.close();
      lists.stop();
    };
  }, [userId, dispatch, t]);
}
