import type { MyWaitlist } from '@tenger/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LobbyTable } from '../../api/types';
import { serverErrorText } from '../../api/serverErrors';
import { useJoinWaitlistMutation, useLeaveWaitlistMutation } from './waitlistApi';
import './lobbyWaitlist.css';

/**
 * Above the lobby's list: each seat held for the player (the first on a table's waiting list when a seat
 * freed), with the seconds left, Take seat (opens the table and its seat dialog for that seat) and Pass.
 */
export function WaitlistOffers({
  lists,
  tables,
  onTake,
}: {
  lists: ReadonlyMap<number, MyWaitlist>;
  tables: readonly LobbyTable[];
  onTake: (tableId: number) => void;
}) {
  const { t } = useTranslation();
  const [leave] = useLeaveWaitlistMutation();
  const offers = [...lists.values()].filter((list) => list.offer !== null);
  const now = useSecondTicks(offers.length > 0);
  if (offers.length === 0) return null;
  return (
    <>
      {offers.map(({ tableId, offer }) => {
        const table = tables.find((candidate) => candidate.tableId === tableId)?.name ?? `#${tableId}`;
        const seconds = Math.max(0, Math.ceil((offer!.deadline - now) / 1000));
        return (
          <div key={tableId} className="lobby-waitlist-offer" role="alert" data-testid="lobby-waitlist-offer">
            <span>{t('lobbyWaitlist.offer', { table, seconds })}</span>
            <button
              type="button"
              className="btn btn--primary"
              aria-label={`${t('table.waitlist.take')}: ${table}`}
              onClick={() => onTake(tableId)}
            >
              {t('table.waitlist.take')}
            </button>
            <button
              type="button"
              className="btn"
              aria-label={`${t('table.waitlist.pass')}: ${table}`}
              onClick={() => void leave(tableId)}
            >
              {t('table.waitlist.pass')}
            </button>
          </div>
        );
      })}
    </>
  );
}

/**
 * A table's waiting list in its lobby row: the player's place and Leave, or — at a full table — how many
 * wait and Join. A refusal (a seat freed meanwhile, …) is said beside the button.
 */
export function WaitlistCell({
  table,
  list,
  full,
}: {
  table: LobbyTable;
  list: MyWaitlist | undefined;
  full: boolean;
}) {
  const { t } = useTranslation();
  const [join, joining] = useJoinWaitlistMutation();
  const [leave, leaving] = useLeaveWaitlistMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = joining.isLoading || leaving.isLoading;
  const run = (call: () => Promise<unknown>) => {
    setRefusal(null);
    call().catch((error: unknown) => setRefusal(serverErrorText(error, t)));
  };

  if (list?.place) {
    return (
      <span className="tables__waitlist-line">
        <span data-testid="waitlist-place">
          {t('lobbyWaitlist.place', { place: list.place, count: list.waiting })}
        </span>
        <button
          type="button"
          className="btn btn--small"
          disabled={busy}
          aria-label={`${t('lobbyWaitlist.leave')}: ${table.name}`}
          onClick={() => run(() => leave(table.tableId).unwrap())}
        >
          {t('lobbyWaitlist.leave')}
        </button>
      </span>
    );
  }
  if (!full || table.status === 'closed') return null;
  return (
    <span className="tables__waitlist-line">
      {(list?.waiting ?? 0) > 0 && (
        <span data-testid="waitlist-count">{t('lobbyWaitlist.waiting', { count: list!.waiting })}</span>
      )}
      <button
        type="button"
        className="btn btn--small btn--primary"
        disabled={busy}
        aria-label={`${t('lobbyWaitlist.join')}: ${table.name}`}
        onClick={() => run(() => join(table.tableId).unwrap())}
      >
        {t('lobbyWaitlist.join')}
      </button>
      {refusal && (
        <span className="tables__waitlist-refusal" role="alert">
          {refusal}
        </span>
      )}
    </span>
  );
}

/** Date.now(), re-read every second while `on`. */
function useSecondTicks(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [on]);
  return now;
}
