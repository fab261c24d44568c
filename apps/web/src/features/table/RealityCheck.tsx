import { App as AntApp, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../app/money';
import { useGetPlaySessionQuery, useLeaveTablesMutation } from '../profile/protectionApi';

/** How often the session is read while at a table: a reality check comes within this of its time. */
export const REALITY_POLL_MS = 60_000;

/**
 * Which reality check is due: the number of whole intervals played this session (0: none yet). The
 * check for interval n is shown once; `seen` is the last one the player answered.
 */
export function dueRealityCheck(minutesPlayed: number, everyMinutes: number, seen: number): number | null {
  const due = Math.floor(minutesPlayed / Math.max(1, everyMinutes));
  return due > seen ? due : null;
}

/**
 * The reality check at the tables (issue 24): every N minutes of a play session (the player chooses N in
 * the Account tab; 60 by default) a notice with the time played and the session's net result, with
 * "Continue" and "Leave tables" (stood up from every table after the hand).
 */
export function RealityCheck() {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const { data: session } = useGetPlaySessionQuery(undefined, { pollingInterval: REALITY_POLL_MS });
  const [leaveTables, leaving] = useLeaveTablesMutation();
  // Answered checks, per session (a new session starts counting again).
  const [seen, setSeen] = useState<{ startedAt: string | null; count: number }>({
    startedAt: null,
    count: 0,
  });
  if (!session?.startedAt) return null;
  const answered = seen.startedAt === session.startedAt ? seen.count : 0;
  const due = dueRealityCheck(session.minutesPlayed, session.realityCheckMinutes, answered);
  if (due === null) return null;
  const answer = () => setSeen({ startedAt: session.startedAt, count: due });

  return (
    <Modal
      open
      title={t('protection.reality.title')}
      okText={t('protection.reality.continue')}
      cancelText={t('protection.reality.leave')}
      onOk={answer}
      onCancel={() => {
        answer();
        void leaveTables()
          .unwrap()
          .then(() => message.info(t('protection.reality.leaving')));
      }}
      cancelButtonProps={{ loading: leaving.isLoading }}
      closable={false}
      maskClosable={false}
    >
      <p>{t('protection.reality.played', { minutes: session.minutesPlayed })}</p>
      <p>{t('protection.reality.net', { amount: formatMoney(session.net, i18n.language) })}</p>
    </Modal>
  );
}
