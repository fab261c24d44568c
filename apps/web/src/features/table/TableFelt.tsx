import { DEFAULT_TABLE_LOOK, type TableLook } from '@tenger/protocol';
import type { CSSProperties } from 'react';
import type { PlayerNote } from '@tenger/protocol';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableAmount } from './tableAmounts';
import { parseCards } from './cards';
import { ChipStack } from './ChipStack';
import { bestHand, describeHand } from './handName';
import { PlayingCard } from './PlayingCard';
import { seatPositions } from './seatLayout';
import { SeatView, type SeatViewProps } from './SeatView';
import type { TableSettings } from './settings';
import { lookAttributes } from './tableLook';
import './tableLook.css';
import type { TableViewState } from './tableState';

export interface TableFeltProps {
  state: TableViewState;
  settings: TableSettings;
  jackpot: number | null;
  portrait: boolean;
  /** Empty seats offer "Sit" (the viewer is not seated and the table is open). */
  canSit: boolean;
  onSit: (seat: number) => void;
  /** The felt colour and card back the player chose (default: green felt, classic back). */
  look?: TableLook;
  /** The viewer's notes on players, by user id (signed in). */
  notes?: ReadonlyMap<number, PlayerNote>;
  /** Opens the viewer's note on a player; offered on every seat but the viewer's own. */
  onNote?: SeatViewProps['onNote'];
}

/**
 * The oval table: seats round the rail (the viewer's at the bottom), cards, bets in front of the players,
 * the dealer button, the board and the pots in the middle, and the jackpot. Positions are percentages of
 * the table box; chip and card movements are CSS animations (turned off with the animations setting).
 */
export function TableFelt({
  state,
  settings,
  jackpot,
  portrait,
  canSit,
  onSit,
  look = DEFAULT_TABLE_LOOK,
  notes,
  onNote,
}: TableFeltProps) {
  const { t } = useTranslation();
  const table = state.table;
  const hand = state.hand;
  const money = useTableAmount();
  const maxSeats = table?.maxPlayers ?? 6;
  const positions = useMemo(
    () => seatPositions(maxSeats, state.viewer.seat, portrait),
    [maxSeats, state.viewer.seat, portrait],
  );
  const handRunning = hand !== null && hand.phase !== 'complete';
  const showHand = hand !== null;
  const buttonSeat = hand?.button ?? table?.button ?? null;
  const buttonPosition = buttonSeat !== null ? positions[buttonSeat] : undefined;
  const gathered = hand ? hand.pots.reduce((sum, pot) => sum + pot.amount, 0) : 0;
  const shownName = (cards: string[], board: string[], omaha: boolean) => {
    const best = bestHand(parseCards(cards), parseCards(board), omaha);
    return best ? describeHand(t, best) : undefined;
  };
  // A progressive knockout: the bounty on each seated head (the table's frames carry it).
  const bounties = table?.tournament?.bounties
    ? new Map(table.tournament.bounties.map((b) => [b.userId, b.bounty]))
    : null;
  const won = new Map<number, number>();
  for (const winner of state.winners) won.set(winner.seat, (won.get(winner.seat) ?? 0) + winner.amount);

  return (
    <div className={`table-area${portrait ? ' table-area--portrait' : ''}`} {...lookAttributes(look)}>
      <div className="felt" aria-hidden="false">
        <div className="felt__inner">
          <div className="felt__brand" aria-hidden="true">
            {t('app.name')}
          </div>
          {jackpot !== null && (
            <div className="felt__jackpot" aria-label={t('lobby.jackpot')}>
              <span className="felt__jackpot-label">{t('lobby.jackpot')}</span>
              <span className="felt__jackpot-amount">{money(jackpot)}</span>
            </div>
          )}
          {showHand && hand.potTotal > 0 && (
            <div className="felt__total" data-testid="pot-total">
              {t('table.totalPot', { amount: money(hand.potTotal) })}
            </div>
          )}
          <div className="felt__board" role="group" aria-label={t('table.board')}>
            {(hand?.board ?? []).map((card, index) => (
              <PlayingCard
                key={card}
                card={card}
                fourColour={settings.fourColourDeck}
                size="lg"
                dealt
                delayMs={index < 3 ? index * 90 : 0}
                highlight={false}
              />
            ))}
          </div>
          {showHand && gathered > 0 && (
            <div className="felt__pots" aria-label={t('table.pot')}>
              {hand.pots.map((pot, index) => (
                <ChipStack
                  key={index}
                  amount={pot.amount}
                  className="felt__pot"
                  label={`${index === 0 ? t('table.mainPot') : t('table.sidePot', { number: index })}: ${money(pot.amount)}`}
                />
              ))}
            </div>
          )}
          {state.connection !== 'live' && state.seq >= 0 && (
            <div className="felt__notice" role="status">
              {t(`table.connection.${state.connection}`)}
            </div>
          )}
          {!handRunning && table && table.seats.length < 2 && state.connection === 'live' && (
            <div className="felt__notice" role="status">
              {t('table.waitingForPlayers')}
            </div>
          )}
        </div>
      </div>

      {positions.map((position) => {
        const tableSeat = table?.seats.find((seat) => seat.seat === position.seat) ?? null;
        const handSeat = showHand ? (hand.seats.find((seat) => seat.seat === position.seat) ?? null) : null;
        const bounty = tableSeat ? bounties?.get(tableSeat.userId) : undefined;
        return (
          <SeatView
            key={position.seat}
            position={position}
            tableSeat={tableSeat}
            handSeat={handSeat}
            isViewer={state.viewer.seat === position.seat}
            acting={handRunning && hand.toAct === position.seat}
            clock={state.clock && state.clock.seat === position.seat ? state.clock : null}
            actionTimeSeconds={table?.actionTimeSeconds ?? 20}
            lastAction={state.lastActions[position.seat]}
            shownHandName={
              handSeat?.shown && handSeat.cards && hand
                ? shownName(handSeat.cards, hand.board, hand.variant !== 'holdem-nl')
                : undefined
            }
            wonAmount={won.get(position.seat) ?? 0}
            fourColour={settings.fourColourDeck}
            autoMuck={settings.autoMuck}
            canSit={canSit}
            onSit={onSit}
            handRunning={handRunning}
            bounty={bounty}
            note={tableSeat ? notes?.get(tableSeat.userId) : undefined}
            onNote={
              tableSeat && state.viewer.seat !== position.seat && tableSeat.userId !== state.viewer.userId
                ? onNote
                : undefined
            }
          />
        );
      })}

      {showHand &&
        hand.seats
          .filter((seat) => seat.bet > 0)
          .map((seat) => {
            const position = positions[seat.seat];
            if (!position) return null;
            return (
              <div
                key={`bet-${seat.seat}`}
                className="bet"
                style={{ left: `${position.betX}%`, top: `${position.betY}%` } as CSSProperties}
                data-testid={`bet-${seat.seat}`}
              >
                <ChipStack
                  amount={seat.bet}
                  from={{ dx: position.x - position.betX, dy: position.y - position.betY }}
                />
              </div>
            );
          })}

      {[...won.entries()].map(([seat, amount]) => {
        const position = positions[seat];
        if (!position) return null;
        return (
          <div
            key={`win-${seat}-${hand?.handNumber ?? 0}`}
            className="bet bet--won"
            style={{ left: `${position.betX}%`, top: `${position.betY}%` } as CSSProperties}
          >
            <ChipStack amount={amount} from={{ dx: 50 - position.betX, dy: 50 - position.betY }} />
          </div>
        );
      })}

      {buttonPosition && (
        <div
          className="dealer-button"
          style={{ left: `${buttonPosition.buttonX}%`, top: `${buttonPosition.buttonY}%` } as CSSProperties}
          aria-label={t('table.dealerButton')}
          title={t('table.dealerButton')}
        >
          D
        </div>
      )}
    </div>
  );
}
