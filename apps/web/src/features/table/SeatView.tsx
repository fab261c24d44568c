import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandSeatView, PlayerNote, TableSeat } from '@tenger/protocol';
import { formatMoney } from '../../app/money';
import { useTableAmount } from './tableAmounts';
import { PlayingCard } from './PlayingCard';
import type { SeatPosition } from './seatLayout';
import type { SeatAction } from './tableState';

export interface SeatViewProps {
  position: SeatPosition;
  tableSeat: TableSeat | null;
  handSeat: HandSeatView | null;
  isViewer: boolean;
  acting: boolean;
  clock: { deadline: number; timeBankMs: number } | null;
  actionTimeSeconds: number;
  lastAction: SeatAction | undefined;
  shownHandName: string | undefined;
  wonAmount: number;
  fourColour: boolean;
  /** Auto muck: the viewer's own cards leave the table when folded or mucked. */
  autoMuck: boolean;
  /** The viewer may sit here (empty seat, viewer not seated). */
  canSit: boolean;
  onSit: (seat: number) => void;
  handRunning: boolean;
  /** A progressive knockout tournament: the bounty (₮) on this player's head. */
  bounty?: number;
  /** The viewer's private note and colour tag on this player. */
  note?: PlayerNote;
  /** Opens the viewer's note on this player (absent on the viewer's own seat, and when not signed in). */
  onNote?: (player: Pick<TableSeat, 'userId' | 'username'>) => void;
}

/** A seat on the rail: the player's name, stack, cards, status, last action and clock — or an empty seat. */
export function SeatView(props: SeatViewProps) {
  const { t, i18n } = useTranslation();
  const amount = useTableAmount();
  const { position, tableSeat, handSeat, isViewer, acting } = props;
  const style = { left: `${position.x}%`, top: `${position.y}%` } as CSSProperties;

  if (!tableSeat) {
    return (
      <div className="seat seat--empty" style={style} data-seat={position.seat}>
        {props.canSit ? (
          <button type="button" className="seat__sit" onClick={() => props.onSit(position.seat)}>
            {t('table.sit')}
          </button>
        ) : (
          <span className="seat__open" aria-label={t('table.emptySeat', { seat: position.seat + 1 })}>
            {position.seat + 1}
          </span>
        )}
      </div>
    );
  }

  const inHand = handSeat?.inHand === true && props.handRunning;
  const folded = handSeat?.folded === true;
  const mucked = folded || handSeat?.mucked === true;
  // Your own cards stay with you to the end of the hand and through the result pause (auto muck
  // hides them only once you fold).
  const ownCards = isViewer && handSeat?.inHand === true && !(props.autoMuck && folded);
  const cards = inHand || handSeat?.shown || ownCards ? handCards(handSeat, isViewer) : [];
  const stack = handSeat && props.handRunning ? handSeat.stack : tableSeat.stack;
  const status = tableSeat.status;
  const classes = [
    'seat',
    isViewer ? 'seat--me' : '',
    // The clock goes on the side towards the table's middle, so it is never cut off at the screen's edge.
    position.x < 50 ? 'seat--west' : '',
    acting ? 'seat--acting' : '',
    folded ? 'seat--folded' : '',
    props.wonAmount > 0 ? 'seat--won' : '',
    status === 'sitting-out' ? 'seat--away' : '',
    !tableSeat.connected ? 'seat--offline' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes} style={style} data-seat={position.seat} aria-label={tableSeat.username}>
      {cards.length > 0 && (
        <div className={`seat__cards seat__cards--${cards.length > 2 ? 'four' : 'two'}`}>
          {cards.map((card, index) => (
            <PlayingCard
              key={`${index}-${card ?? 'back'}`}
              card={card}
              fourColour={props.fourColour}
              size={isViewer ? 'md' : 'sm'}
              dealt
              delayMs={index * 120}
              dim={mucked && !(isViewer && handSeat?.mucked && !folded)}
            />
          ))}
        </div>
      )}
      <div
        className={`seat__plate${props.onNote ? ' seat__plate--notes' : ''}`}
        title={props.note?.note || undefined}
        // A click or tap anywhere on the plate opens the note; the name's button is the keyboard's way in
        // (its click bubbles here).
        onClick={props.onNote ? () => props.onNote!(tableSeat) : undefined}
      >
        {acting && props.clock && (
          <ActionClock
            deadline={props.clock.deadline}
            timeBankMs={props.clock.timeBankMs}
            actionMs={props.actionTimeSeconds * 1000}
          />
        )}
        <div className="seat__name">
          {props.note && <NoteMarker note={props.note} />}
          {tableSeat.isBot && (
            <span className="seat__bot" title={t('table.bot')} aria-label={t('table.bot')}>
              ⚙
            </span>
          )}
          {props.onNote ? (
            <button
              type="button"
              className="seat__name-text seat__note-open"
              aria-haspopup="dialog"
              aria-label={t('table.notes.open', { name: tableSeat.username })}
              // A finger taps the whole plate (its click opens the note too): the plate is the touch target.
              data-touch-area=".seat__plate"
            >
              {tableSeat.username}
            </button>
          ) : (
            <span className="seat__name-text">{tableSeat.username}</span>
          )}
        </div>
        <div className="seat__stack">
          {handSeat?.allIn && props.handRunning ? t('table.allIn') : amount(stack)}
        </div>
        {props.bounty !== undefined && (
          <div className="seat__bounty" data-testid="seat-bounty">
            {t('table.bounty', { amount: formatMoney(props.bounty, i18n.language) })}
          </div>
        )}
        {props.lastAction && !props.wonAmount && (
          <div className={`seat__action seat__action--${props.lastAction.action}`}>
            {actionLabel(t, props.lastAction, amount)}
          </div>
        )}
        {props.wonAmount > 0 && (
          <div className="seat__action seat__action--won">
            {t('table.won', { amount: amount(props.wonAmount) })}
          </div>
        )}
        {props.shownHandName && <div className="seat__hand-name">{props.shownHandName}</div>}
        {status === 'sitting-out' && (
          <div className="seat__status">
            {/* Sit Out pressed mid-hand: the player still holds cards and plays this hand out. */}
            {inHand && !folded ? t('table.sitsOutAfterHand') : t('table.sittingOut')}
          </div>
        )}
        {(tableSeat.waitingForBigBlind || status === 'waiting') && !handSeat?.inHand && (
          <div className="seat__status">{t('table.waitingForBigBlind')}</div>
        )}
        {tableSeat.pendingRecharge !== null && tableSeat.pendingRecharge > 0 && (
          <div className="seat__status seat__status--recharge" data-testid="pending-recharge">
            {t('moments.pendingRecharge', { amount: amount(tableSeat.pendingRecharge) })}
          </div>
        )}
        {!tableSeat.connected && <div className="seat__status">{t('table.disconnected')}</div>}
      </div>
    </div>
  );
}

/** The viewer's colour tag on a player (a coloured dot; ✎ when there is a note, which is its tooltip). */
function NoteMarker({ note }: { note: PlayerNote }) {
  const { t } = useTranslation();
  const colour = note.colour ? t(`table.notes.colours.${note.colour}`) : null;
  const label = colour
    ? t(note.note ? 'table.notes.markerTagNote' : 'table.notes.markerTag', { colour })
    : t('table.notes.markerNote');
  return (
    <span
      className={`seat__tag seat__tag--${note.colour ?? 'none'}`}
      role="img"
      aria-label={label}
      title={note.note || label}
      data-testid="seat-note-tag"
    >
      {note.note ? '✎' : ''}
    </span>
  );
}

function handCards(seat: HandSeatView | null, own = false): (string | null)[] {
  if (!seat) return [];
  if (seat.cards && seat.cards.length > 0) {
    // One card of two shown: the other stays face down.
    const hidden = own ? 0 : Math.max(0, seat.cardCount - seat.cards.length);
    return [...seat.cards, ...Array.from({ length: hidden }, () => null)];
  }
  if (seat.folded || seat.mucked) return [];
  return Array.from({ length: seat.cardCount }, () => null);
}

function actionLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  action: SeatAction,
  written: (value: number) => string,
): string {
  const amount = action.amount !== undefined ? written(action.amount) : '';
  switch (action.action) {
    case 'fold':
      return t('table.actions.fold');
    case 'check':
      return t('table.actions.check');
    case 'call':
      return t('table.actions.callAmount', { amount });
    case 'bet':
      return t('table.actions.betAmount', { amount });
    case 'raise':
      return t('table.actions.raiseAmount', { amount });
    case 'allin':
      return t('table.allIn');
    case 'post':
      return t('table.actions.post', { amount });
    case 'timeout':
      return t('table.timedOut');
  }
}

/**
 * The ring round the acting player's plate: it empties over the action time, then (in the time bank)
 * turns orange. Drawn by a CSS animation (no re-render per frame); the seconds tick once a second.
 */
export function ActionClock({
  deadline,
  timeBankMs,
  actionMs,
}: {
  deadline: number;
  timeBankMs: number;
  actionMs: number;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  // The action time runs first; the time bank (the last timeBankMs before the deadline) after it.
  const bankStart = deadline - timeBankMs;
  const inBank = timeBankMs > 0 && now >= bankStart;
  const phaseEnd = inBank ? deadline : bankStart;
  const remaining = Math.max(0, phaseEnd - now);
  const seconds = Math.ceil(remaining / 1000);
  // The ring's animation is set once per phase (changing its duration mid-run would make it jump).
  const style = useMemo(() => {
    const left = Math.max(0, phaseEnd - Date.now());
    const total = Math.max(inBank ? timeBankMs : actionMs, left, 1);
    return {
      '--clock-start': String(1 - left / total),
      animationDuration: `${left}ms`,
      // Ten steps a second: the ring repaints 10 times a second instead of every frame.
      animationTimingFunction: `steps(${Math.max(1, Math.round(left / 100))})`,
    } as CSSProperties;
  }, [phaseEnd, inBank, timeBankMs, actionMs]);
  return (
    <span
      className={`clock${inBank ? ' clock--bank' : ''}${seconds <= 5 ? ' clock--low' : ''}`}
      role="timer"
      aria-label={t('table.secondsLeft', { seconds })}
    >
      <svg viewBox="0 0 36 36" className="clock__ring" aria-hidden="true">
        <circle cx="18" cy="18" r="16" className="clock__track" />
        <circle
          key={`${deadline}-${inBank}`}
          cx="18"
          cy="18"
          r="16"
          className="clock__fill"
          style={style}
          pathLength={1}
        />
      </svg>
      <span className="clock__seconds">{seconds}</span>
      {timeBankMs > 0 && !inBank && (
        <span className="clock__bank" title={t('table.timeBank')}>
          +{t('table.info.seconds', { count: Math.round(timeBankMs / 1000) })}
        </span>
      )}
    </span>
  );
}
