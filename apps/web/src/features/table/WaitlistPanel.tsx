import type { TableWaitlist } from '@tenger/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A full cash table's waiting list for a viewer without a seat: join it, see your place, leave it; when a
 * seat is held for you, Take seat (opens the seat dialog for it) or Pass, with the seconds left.
 */
export function WaitlistPanel({
  waitlist,
  userId,
  full,
  onJoin,
  onLeave,
  onTake,
}: {
  waitlist: TableWaitlist | null;
  userId: number;
  /** Every seat taken (or held): only then may a player join. */
  full: boolean;
  onJoin: () => void;
  onLeave: () => void;
  onTake: (seat: number) => void;
}) {
  const { t } = useTranslation();
  const offer = waitlist?.offer?.userId === userId ? waitlist.offer : null;
  const place = (waitlist?.userIds.indexOf(userId) ?? -1) + 1;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!offer) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [offer]);

  if (offer) {
    const seconds = Math.max(0, Math.ceil((offer.deadline - now) / 1000));
    return (
      <div
        className="tp-hint waitlist"
        role="group"
        aria-label={t('table.waitlist.title')}
        data-testid="waitlist-offer"
      >
        <span>{t('table.waitlist.offer', { seat: offer.seat + 1, seconds })}</span>
        <button type="button" className="btn btn--primary" onClick={() => onTake(offer.seat)}>
          {t('table.waitlist.take')}
        </button>
        <button type="button" className="btn" onClick={onLeave}>
          {t('table.waitlist.pass')}
        </button>
      </div>
    );
  }
  if (place > 0) {
    return (
      <div
        className="tp-hint waitlist"
        role="group"
        aria-label={t('table.waitlist.title')}
        data-testid="waitlist"
      >
        <span>{t('table.waitlist.place', { place, count: waitlist?.userIds.length ?? place })}</span>
        <button type="button" className="btn" onClick={onLeave}>
          {t('table.waitlist.leave')}
        </button>
      </div>
    );
  }
  if (!full) return null;
  return (
    <div
      className="tp-hint waitlist"
      role="group"
      aria-label={t('table.waitlist.title')}
      data-testid="waitlist"
    >
      <span>{t('table.waitlist.full', { count: waitlist?.userIds.length ?? 0 })}</span>
      <button type="button" className="btn btn--primary" onClick={onJoin}>
        {t('table.waitlist.join')}
      </button>
    </div>
  );
}
