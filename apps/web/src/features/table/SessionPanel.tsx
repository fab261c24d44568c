import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateTableSettings, useTableSettings } from './settings';
import { seatedFor, type SessionTally } from './sessionTally';
import { useTableAmount } from './tableAmounts';
import './sessionPanel.css';

/** How often the time seated is brought up to date. */
const CLOCK_TICK_MS = 30_000;

/**
 * A small panel over the table's corner while the viewer sits: hands played, time seated and the net
 * result of this session at this table (sessionTally.ts). It folds to its title; the choice is remembered.
 */
export function SessionPanel({ session }: { session: SessionTally }) {
  const { t } = useTranslation();
  const money = useTableAmount();
  const { sessionPanelOpen: open } = useTableSettings();
  const since = useSeatedSince();
  const now = useNow(open);
  const { hours, minutes } = seatedFor(since, now);
  const net = session.net;
  return (
    <section
      className="session-panel"
      aria-label={t('tableHabits.session.title')}
      data-testid="session-panel"
    >
      <button
        type="button"
        className="session-panel__toggle"
        aria-expanded={open}
        title={open ? t('tableHabits.session.hide') : t('tableHabits.session.show')}
        onClick={() => updateTableSettings({ sessionPanelOpen: !open })}
      >
        {t('tableHabits.session.title')}
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
      </button>
      {open && (
        <dl className="session-panel__figures">
          <div>
            <dt>{t('tableHabits.session.hands')}</dt>
            <dd data-testid="session-hands">{session.handsPlayed}</dd>
          </div>
          <div>
            <dt>{t('tableHabits.session.time')}</dt>
            <dd data-testid="session-time">
              {hours > 0
                ? t('tableHabits.session.duration', { hours, minutes })
                : t('tableHabits.session.durationMinutes', { minutes })}
            </dd>
          </div>
          <div>
            <dt>{t('tableHabits.session.net')}</dt>
            <dd
              data-testid="session-net"
              className={net > 0 ? 'session-panel__won' : net < 0 ? 'session-panel__lost' : undefined}
            >
              {net > 0 ? '+' : ''}
              {money(net)}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** When this panel first showed: it is mounted when the viewer sits down and unmounted when they leave. */
function useSeatedSince(): number {
  const [since] = useState(() => Date.now());
  return since;
}

function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, [ticking]);
  return now;
}
