import { useTranslation } from 'react-i18next';
import { formatCountdown } from './tournamentRules';
import { useCountdown } from './useCountdown';

/** Counts down to the end of the current level (or break), once a second, from the server's end time. */
export function LevelClock({ endsAt, isBreak }: { endsAt: string | null; isBreak: boolean }) {
  const { t } = useTranslation();
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  const left = useCountdown(Number.isNaN(end) ? null : end);
  if (left === null) return null;
  return (
    <div className="level-clock" role="timer" aria-live="off">
      <span className="level-clock__label">
        {isBreak ? t('tournament.clock.breakEndsIn') : t('tournament.clock.levelEndsIn')}
      </span>
      <span className="level-clock__time">{formatCountdown(left)}</span>
    </div>
  );
}
