import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from './tournamentRules';

const TICK_MS = 1000;

/** Counts down to the end of the current level (or break), once a second, from the server's end time. */
export function LevelClock({ endsAt, isBreak }: { endsAt: string | null; isBreak: boolean }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  if (Number.isNaN(end)) return null;
  return (
    <div className="level-clock" role="timer" aria-live="off">
      <span className="level-clock__label">
        {isBreak ? t('tournament.clock.breakEndsIn') : t('tournament.clock.levelEndsIn')}
      </span>
      <span className="level-clock__time">{formatCountdown(end - now)}</span>
    </div>
  );
}
