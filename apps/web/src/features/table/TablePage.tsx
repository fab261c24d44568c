import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PlayerNote, TableSeat } from '@tenger/protocol';
import { seedForNextDeal } from './playerSeed';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { apiHost } from '../../api/baseQuery';
import { getAccessToken } from '../../api/session';
import { tableRefusalText } from '../../api/serverErrors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setJackpot } from '../../app/jackpotSlice';
import { formatChips, formatMoney } from '../../app/money';
import { restartBegan, restartEnded } from '../../realtime/serverRestart';
import { ActionBar, PreActionBoxes } from './ActionBar';
import { ActionMenu, type TableMenuItem } from './ActionMenu';
import { ReportDialog } from './ReportDialog';
import { PlayerNoteDialog } from './PlayerNoteDialog';
import { useGetPlayerNotesQuery, useNotesOwner } from './playerNotesApi';
import { resolvePreAction, type ChosenAction, type PreAction } from './betting';
import { parseCards } from './cards';
import { bestHand, describeHand } from './handName';
import { InfoDialog } from './InfoDialog';
import { ReplayDialog } from './ReplayDialog';
import { SeatDialog } from './SeatDialog';
import { SeatOptionsPanel } from './SeatOptionsPanel';
import { BustOfferPanel } from './BustOfferPanel';
import { ShowChoicePanel } from './ShowChoicePanel';
import { WaitlistPanel } from './WaitlistPanel';
import { useTableExits } from './useTableExits';
import { asksForHeldSeat, useTakeHeldSeat } from './useTakeHeldSeat';
import { SettingsDialog } from './SettingsDialog';
import { SessionPanel } from './SessionPanel';
import { TableChat } from './chat/TableChat';
import { useTableSettings } from './settings';
import { useTableMusic } from './sounds';
import { TableFelt } from './TableFelt';
import { useTableLook } from './tableLook';
import { TournamentChipsContext } from './tableAmounts';
import { TournamentDeal } from './TournamentDeal';
import { TournamentFinishDialog } from './TournamentFinishDialog';
import { TournamentStrip } from './TournamentStrip';
import { useTournamentFollow, type MovedHere } from './useTournamentFollow';
import { TableCommandError, TableSocket, tableSocketUrl, type TableCommandInput } from './tableSocket';
import { viewerInHand, viewerLegal, viewerTableSeat, type TableViewState } from './tableState';
import { useTableSounds } from './useTableSounds';
import { RealityCheck } from './RealityCheck';
import { useTableSlot } from './multi/tableSlot';
import './table.css';
import './moments.css';
import './tournamentTable.css';

/** How long "You were moved to …" stays after a tournament move. */
const MOVED_NOTICE_MS = 6000;

type Dialog =
  | { kind: 'seat'; mode: 'sit' | 'recharge'; seat: number | null }
  | { kind: 'replay' }
  | { kind: 'information' }
  | { kind: 'settings' }
  | { kind: 'report' }
  | { kind: 'note'; player: Pick<TableSeat, 'userId' | 'username'> }
  | null;

/**
 * `/table/{id}`: the live table, its action bar, menu and dialogs. In a set of tables (multi/MultiTable)
 * one page per table, each with its own socket, clock and state; the slot says which one is focused.
 */
export default function TablePage({ tableId }: { tableId?: string } = {}) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const id = tableId ?? params.id ?? '';
  const slot = useTableSlot();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const settings = useTableSettings();
  const look = useTableLook();
  const { isAuthenticated, userBalance } = useAppSelector((state) => state.auth);
  const storeJackpot = useAppSelector((state) => state.jackpot.amount);
  const { client, state } = useTableClient(id);
  const notes = usePlayerNotes();
  const portrait = usePortrait();
  // A replay link (`?hand=`) belongs to the table in the address.
  const replayHand = id === params.id ? searchParams.get('hand') : null;
  const [dialog, setDialog] = useState<Dialog>(replayHand ? { kind: 'replay' } : null);
  useTakeHeldSeat(state, id === params.id && asksForHeldSeat(searchParams), (seat) =>
    setDialog({ kind: 'seat', mode: 'sit', seat }),
  );
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [preAction, setPreAction] = useState<PreAction | null>(null);
  const [finishSeen, setFinishSeen] = useState(false);
  const location = useLocation();

  useTableMusic(settings, slot?.leader ?? true);
  useTableSounds(state, settings);

  // The table's own jackpot figure keeps the shared store current too.
  useEffect(() => {
    if (state.jackpot !== null) dispatch(setJackpot(state.jackpot));
  }, [state.jackpot, dispatch]);

  const table = state.table;
  const tournament = table?.tournament ?? null;
  const hand = state.hand;
  const mySeat = viewerTableSeat(state);
  const legal = viewerLegal(state);
  const inHand = viewerInHand(state);
  const handNumber = hand?.handNumber ?? null;
  const money = (value: number) => formatMoney(value, i18n.language);
  const { finish, cancelled } = useTournamentFollow(state);

  // Reached by a tournament move: say where we sit now, for a few seconds.
  const movedTo = (location.state as MovedHere | null)?.movedTo ?? null;
  const movedHere = movedTo && String(movedTo.tableId) === id ? movedTo : null;
  const [movedNotice, setMovedNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!movedHere) return;
    setMovedNotice(t('tableTournament.movedHere', { table: movedHere.tableName, seat: movedHere.seat + 1 }));
    const id = setTimeout(() => setMovedNotice(null), MOVED_NOTICE_MS);
    return () => clearTimeout(id);
  }, [movedHere, t]);

  const describeError = useCallback(
    (error: unknown) =>
      error instanceof TableCommandError
        ? tableRefusalText(error.code, error.message, t)
        : t('common.unknownError'),
    [t],
  );

  const send = useCallback(
    async (command: TableCommandInput) => {
      try {
        await client.send(command);
      } catch (error) {
        setNotice(describeError(error));
        throw error;
      }
    },
    [client, describeError],
  );

  const act = useCallback(
    (action: ChosenAction) => {
      if (!hand) return;
      setBusy(true);
      send({
        type: 'ACTION',
        action: action.type,
        ...(action.amount !== undefined ? { amount: action.amount } : {}),
        handNumber: hand.handNumber,
        stateId: hand.actionCount,
      })
        .catch(() => undefined)
        .finally(() => setBusy(false));
    },
    [hand, send],
  );

  // Provably fair: a seated player adds a seed to every deal, as soon as its deck commitment is published.
  const nextDeck = state.nextDeckCommitment;
  const seededFor = useRef<string | null>(null);
  useEffect(() => {
    if (!nextDeck || !mySeat) return;
    const key = `${nextDeck}:${mySeat.seat}`;
    if (seededFor.current === key) return;
    seededFor.current = key;
    void client.send({ type: 'SEED', seed: seedForNextDeal() }).catch(() => undefined);
  }, [nextDeck, mySeat, client]);

  // Pre-actions are for one hand; they are carried out as soon as the turn comes.
  useEffect(() => setPreAction(null), [handNumber]);
  useEffect(() => {
    if (!inHand) setPreAction(null);
  }, [inHand]);
  const preActionRef = useRef(preAction);
  preActionRef.current = preAction;
  const actRef = useRef(act);
  actRef.current = act;
  useEffect(() => {
    const ticked = preActionRef.current;
    if (!legal || !ticked) return;
    const { action, keep } = resolvePreAction(ticked, legal);
    if (!keep) setPreAction(null);
    if (action) actRef.current(action);
  }, [legal]);

  // The server's refusal messages come through the state too; show them briefly.
  useEffect(() => {
    if (!notice) return;
    const id = setTimeout(() => setNotice(null), 4000);
    return () => clearTimeout(id);
  }, [notice]);

  const { leaveTable, fullscreen, toggleFullscreenAsking } = useTableExits({
    client,
    send,
    inHand,
    seat: mySeat?.seat ?? null,
    options: state.viewer.options,
    autoMuck: settings.autoMuck,
    onLeft: () => (slot ? slot.close() : void navigate('/')),
  });

  // The set of tables hears whose turn it is, where the viewer sits, and the table's name.
  const yourTurn = legal !== null;
  const seated = mySeat !== null;
  const tableName = state.table?.name ?? null;
  useEffect(() => {
    // Nothing to say before the first snapshot (a seat not yet known is not "only watching").
    if (slot && tableName !== null) slot.report({ name: tableName, yourTurn, seated });
  }, [slot, tableName, yourTurn, seated]);
  // Closing a tile leaves the seat as Leave Table does (a tournament's seat stays: only the view closes).
  const closeTile = () => (mySeat && !tournament ? leaveTable() : slot?.close());
  const closeTileRef = useRef(closeTile);
  closeTileRef.current = closeTile;
  useEffect(() => slot?.setCloser(() => closeTileRef.current()), [slot]);

  const chooseMenu = (item: TableMenuItem) => {
    switch (item) {
      case 'recharge':
        setDialog({ kind: 'seat', mode: 'recharge', seat: state.viewer.seat });
        break;
      case 'replay':
        setDialog({ kind: 'replay' });
        break;
      case 'information':
        setDialog({ kind: 'information' });
        break;
      case 'settings':
        setDialog({ kind: 'settings' });
        break;
      case 'sitOut':
        void send({ type: 'SIT_OUT' }).catch(() => undefined);
        break;
      case 'sitIn':
        void send({ type: 'SIT_IN' }).catch(() => undefined);
        break;
      case 'fullScreen':
        toggleFullscreenAsking();
        break;
      case 'leave':
        void leaveTable();
        break;
      case 'lobby':
        void navigate('/');
        break;
      case 'report':
        setDialog({ kind: 'report' });
        break;
      case 'tournamentLobby':
        if (tournament) void navigate(`/tournament/${tournament.tournamentId}`);
        break;
    }
  };

  const seatContext = useMemo(
    () => ({
      // The server tells each viewer its own minimum (higher when it left this table a short while ago).
      minBuyIn: Math.max(table?.minBuyIn ?? 0, Math.min(state.viewer.minBuyIn ?? 0, table?.maxBuyIn ?? 0)),
      tableMinBuyIn: table?.minBuyIn ?? 0,
      maxBuyIn: table?.maxBuyIn ?? 0,
      balance: userBalance,
      stack: mySeat?.stack ?? 0,
      pendingRecharge: mySeat?.pendingRecharge ?? null,
    }),
    [
      table?.minBuyIn,
      table?.maxBuyIn,
      state.viewer.minBuyIn,
      userBalance,
      mySeat?.stack,
      mySeat?.pendingRecharge,
    ],
  );

  if (state.connection === 'not-found') {
    return (
      <section className="tp tp--message">
        <h1>{t('table.notFound')}</h1>
        <Link className="btn btn--primary" to="/">
          {t('common.backToLobby')}
        </Link>
      </section>
    );
  }

  const ownSeatView = hand?.seats.find((seat) => seat.seat === state.viewer.seat);
  const best =
    ownSeatView?.cards && hand && hand.phase !== 'complete' && !ownSeatView.folded
      ? bestHand(parseCards(ownSeatView.cards), parseCards(hand.board), hand.variant !== 'holdem-nl')
      : null;
  const facingBet = hand ? (ownSeatView ? hand.currentBet > ownSeatView.bet : false) : false;
  const tableOpen = table !== null && table.status !== 'closed' && state.connection !== 'closed';
  // A tournament seats its players itself: no empty seat to take, no buy-in.
  const canSit =
    tableOpen && !tournament && state.viewer.seat === null && table.seats.length < table.maxPlayers;
  const blindText = (value: number) => (tournament ? formatChips(value, i18n.language) : money(value));
  const jackpot = storeJackpot ?? state.jackpot;
  const reportable = (table?.seats ?? []).filter((s) => !s.isBot && s.userId !== state.viewer.userId);

  // At a tournament's table the amounts are chips (no ₮) and no jackpot is played for.
  return (
    <TournamentChipsContext value={tournament !== null}>
      <div
        className={`tp${settings.animations ? '' : ' tp--still'}${tournament ? ' tp--tournament' : ''}`}
        data-connection={state.connection}
      >
        {/* In a set of tables the set shows the one reality check. */}
        {!slot && isAuthenticated && mySeat !== null && <RealityCheck />}
        <header className="tp-top">
          <ActionMenu
            fullscreen={fullscreen}
            seated={mySeat !== null}
            sittingOut={mySeat?.status === 'sitting-out'}
            tournament={tournament !== null}
            canReport={isAuthenticated && reportable.length > 0}
            onChoose={chooseMenu}
          />
          <div className="tp-top__title">
            <strong>{table?.name ?? t('common.loading')}</strong>
            {table && (
              <span
                className="tp-top__blinds"
                title={`${t(`table.info.variants.${table.variant}`)}, ${t(`table.info.betting.${table.betting}`)}`}
                data-testid="table-game"
              >
                {/* The betting's abbreviation is the lobby's, in each language. */}
                {t(`tableHeader.${table.variant}`)} {t(`lobby.betting.short.${table.betting}`)} ·{' '}
                {blindText(table.smallBlind)}/{blindText(table.bigBlind)}
              </span>
            )}
          </div>
          <div className="tp-top__right">
            <TableChat client={client} state={state} isAuthenticated={isAuthenticated} />
            {isAuthenticated && (
              <span className="tp-top__balance" aria-label={t('menu.balance')} data-testid="table-balance">
                {money(userBalance)}
              </span>
            )}
            <span
              className={`tp-dot tp-dot--${state.connection}`}
              role="img"
              title={t(`table.connection.${state.connection}`)}
              aria-label={t(`table.connection.${state.connection}`)}
            />
            {slot?.several && !slot.tabs && (
              <button
                type="button"
                className="tp-close"
                aria-label={t('multiTable.close', { table: table?.name ?? id })}
                title={t('multiTable.close', { table: table?.name ?? id })}
                onClick={closeTile}
              >
                ×
              </button>
            )}
          </div>
        </header>

        {tournament && table && (
          <TournamentStrip tournament={tournament} table={table}>
            {tournament.deal && (
              <TournamentDeal
                tournamentId={tournament.tournamentId}
                deal={tournament.deal}
                viewerId={state.viewer.userId}
                names={new Map(table.seats.map((s) => [s.userId, s.username]))}
              />
            )}
          </TournamentStrip>
        )}

        <main className="tp-stage">
          {mySeat && state.session && <SessionPanel session={state.session} />}
          <TableFelt
            state={state}
            settings={settings}
            jackpot={tournament ? null : jackpot}
            portrait={portrait}
            canSit={canSit}
            onSit={(seat) => setDialog({ kind: 'seat', mode: 'sit', seat })}
            look={look}
            notes={notes}
            onNote={isAuthenticated ? (player) => setDialog({ kind: 'note', player }) : undefined}
          />
        </main>

        <footer className={`tp-bottom${mySeat ? ' tp-bottom--seated' : ''}`}>
          {movedNotice && (
            <div className="tp-notice tp-notice--info" role="status" data-testid="moved-notice">
              {movedNotice}
            </div>
          )}
          {state.stakesChanging && (
            <div className="tp-notice tp-notice--info" role="status" data-testid="stakes-notice">
              {t('table.stakesChanging', {
                small: blindText(state.stakesChanging.smallBlind),
                big: blindText(state.stakesChanging.bigBlind),
              })}
            </div>
          )}
          {cancelled && (
            <div className="tp-notice tp-notice--removed" role="status">
              {t('tableTournament.cancelled')}
            </div>
          )}
          {/* At a tournament's table a move or a finish says it better (the page follows, the dialog opens). */}
          {state.removedBecause && !(tournament && (state.removedBecause === 'moved' || finish)) && (
            <div className="tp-notice tp-notice--removed" role="status" data-testid="removed-notice">
              {t(`table.removed.${state.removedBecause}`)}
              {state.removedNote && (
                <div data-testid="removed-note">{t('table.removedNote', { note: state.removedNote })}</div>
              )}
            </div>
          )}
          {notice && (
            <div className="tp-notice" role="alert">
              {notice}
            </div>
          )}
          {/* Seated: the hand name's row and the action bar's room stay reserved (table.css), so nothing jumps. */}
          {mySeat && (
            <div className="tp-hand-row">
              {best && (
                <div className="tp-hand-name" data-testid="best-hand">
                  {describeHand(t, best)}
                </div>
              )}
            </div>
          )}
          {!mySeat && isAuthenticated && table && !tournament && state.viewer.userId !== null && (
            <WaitlistPanel
              waitlist={table.waitlist ?? null}
              userId={state.viewer.userId}
              full={table.seats.length + (table.waitlist?.offer ? 1 : 0) >= table.maxPlayers}
              onJoin={() => void send({ type: 'WAITLIST', join: true }).catch(() => undefined)}
              onLeave={() => void send({ type: 'WAITLIST', join: false }).catch(() => undefined)}
              onTake={(seat) => setDialog({ kind: 'seat', mode: 'sit', seat })}
            />
          )}
          {mySeat?.bustOfferDeadline !== undefined && table ? (
            <BustOfferPanel
              deadline={mySeat.bustOfferDeadline}
              minBuyIn={table.minBuyIn}
              maxBuyIn={table.maxBuyIn}
              balance={userBalance}
              onAdd={(amount) => send({ type: 'RECHARGE', amount })}
              onLeave={() => void send({ type: 'LEAVE' }).catch(() => undefined)}
            />
          ) : (
            <BottomPanel
              state={state}
              legal={legal}
              busy={busy}
              onAction={act}
              inHand={inHand}
              preAction={preAction}
              onPreAction={setPreAction}
              facingBet={facingBet}
              seated={mySeat !== null}
              sittingOut={mySeat?.status === 'sitting-out'}
              canSit={canSit}
              isAuthenticated={isAuthenticated}
              onSitIn={() => void send({ type: 'SIT_IN' }).catch(() => undefined)}
              onShow={(cards) =>
                void send({ type: 'SHOW', ...(cards ? { cards } : {}) }).catch(() => undefined)
              }
              onMuck={() => void send({ type: 'MUCK' }).catch(() => undefined)}
            />
          )}
          {mySeat && table && (
            <SeatOptionsPanel
              options={state.viewer.options}
              topUp={!tournament}
              minBuyIn={table.minBuyIn}
              maxBuyIn={table.maxBuyIn}
              onChange={(options) => void send({ type: 'SEAT_OPTIONS', options }).catch(() => undefined)}
            />
          )}
        </footer>

        <SeatDialog
          open={dialog?.kind === 'seat'}
          mode={dialog?.kind === 'seat' ? dialog.mode : 'sit'}
          seat={dialog?.kind === 'seat' ? dialog.seat : null}
          context={seatContext}
          isAuthenticated={isAuthenticated}
          onClose={() => setDialog(null)}
          onSubmit={async (amount, postNow) => {
            try {
              if (dialog?.kind === 'seat' && dialog.mode === 'sit' && dialog.seat !== null) {
                await client.send({
                  type: 'SIT',
                  seat: dialog.seat,
                  amount,
                  ...(postNow ? { postNow } : {}),
                });
              } else {
                await client.send({ type: 'RECHARGE', amount });
              }
            } catch (error) {
              throw new Error(describeError(error), { cause: error });
            }
          }}
        />
        {table && (
          <ReplayDialog
            open={dialog?.kind === 'replay'}
            onClose={() => setDialog(null)}
            tableId={table.tableId}
            recentHandIds={state.recentHandIds}
            initialHandId={replayHand}
            isAuthenticated={isAuthenticated}
            fourColour={settings.fourColourDeck}
          />
        )}
        <InfoDialog open={dialog?.kind === 'information'} onClose={() => setDialog(null)} table={table} />
        <SettingsDialog open={dialog?.kind === 'settings'} onClose={() => setDialog(null)} />
        {table && (
          <ReportDialog
            open={dialog?.kind === 'report'}
            onClose={() => setDialog(null)}
            tableId={table.tableId}
            players={reportable}
            handId={state.recentHandIds[0] ?? null}
          />
        )}
        <PlayerNoteDialog
          player={dialog?.kind === 'note' ? dialog.player : null}
          note={dialog?.kind === 'note' ? notes.get(dialog.player.userId) : undefined}
          onClose={() => setDialog(null)}
        />
        <TournamentFinishDialog
          finish={finishSeen ? null : finish}
          onClose={() => setFinishSeen(true)}
          onTournamentLobby={() => tournament && void navigate(`/tournament/${tournament.tournamentId}`)}
          onMainLobby={() => void navigate('/')}
        />
      </div>
    </TournamentChipsContext>
  );
}

const NO_NOTES: ReadonlyMap<number, PlayerNote> = new Map();

/** The viewer's notes on players by user id: one read shared by every table open, none when signed out. */
function usePlayerNotes(): ReadonlyMap<number, PlayerNote> {
  const owner = useNotesOwner();
  // currentData: nothing while signed out (data would keep the last account's answer).
  const { currentData: data } = useGetPlayerNotesQuery(owner ?? '', { skip: owner === null });
  return useMemo(() => (data ? new Map(data.notes.map((note) => [note.userId, note])) : NO_NOTES), [data]);
}

interface BottomPanelProps {
  state: TableViewState;
  legal: ReturnType<typeof viewerLegal>;
  busy: boolean;
  onAction: (action: ChosenAction) => void;
  inHand: boolean;
  preAction: PreAction | null;
  onPreAction: (value: PreAction | null) => void;
  facingBet: boolean;
  seated: boolean;
  sittingOut: boolean;
  canSit: boolean;
  isAuthenticated: boolean;
  onSitIn: () => void;
  onShow: (cards?: string[]) => void;
  onMuck: () => void;
}

function BottomPanel(props: BottomPanelProps) {
  const { t } = useTranslation();
  const hand = props.state.hand;
  if (props.legal && hand) {
    return (
      <ActionBar legal={props.legal} potTotal={hand.potTotal} onAction={props.onAction} busy={props.busy} />
    );
  }
  if (props.inHand) {
    return (
      <PreActionBoxes value={props.preAction} onChange={props.onPreAction} facingBet={props.facingBet} />
    );
  }
  const choice = props.state.showChoice;
  const own = hand?.seats.find((s) => s.seat === props.state.viewer.seat);
  if (choice && hand && choice.handNumber === hand.handNumber) {
    return (
      <ShowChoicePanel
        choice={choice}
        cards={own?.cards ?? []}
        holdem={hand.variant === 'holdem-nl'}
        onShow={props.onShow}
        onMuck={props.onMuck}
      />
    );
  }
  // The result pause: a player dealt into the hand just played reads no waiting message.
  if (props.seated && own?.inHand && hand?.phase === 'complete') return <div className="tp-hint" />;
  // All in: still in the hand, nothing to decide until it ends.
  if (props.seated && own?.inHand && own.allIn && !own.folded && hand?.phase !== 'complete')
    return <div className="tp-hint">{t('table.allInWaiting')}</div>;
  if (props.seated && props.sittingOut) {
    return (
      <div className="tp-hint">
        <span>{t('table.youSitOut')}</span>
        <button type="button" className="btn btn--primary" onClick={props.onSitIn}>
          {t('table.menu.sitIn')}
        </button>
      </div>
    );
  }
  if (props.seated) return <div className="tp-hint">{t('table.waitNextHand')}</div>;
  if (!props.isAuthenticated) {
    return (
      <div className="tp-hint">
        <span>{t('table.spectating')}</span>
        <Link className="btn btn--primary" to="/auth/login">
          {t('menu.login')}
        </Link>
      </div>
    );
  }
  return <div className="tp-hint">{props.canSit ? t('table.chooseSeat') : t('table.spectating')}</div>;
}

/** One table client per table id for the page's life: connects on mount, closes on the way out. */
function useTableClient(tableId: string) {
  const dispatch = useAppDispatch();
  const client = useMemo(
    () =>
      new TableSocket({
        url: tableSocketUrl(apiHost(), tableId),
        getToken: getAccessToken,
        onServerRestart: (restarting) => dispatch(restarting ? restartBegan('table') : restartEnded('table')),
      }),
    [tableId, dispatch],
  );
  const token = useRef(getAccessToken());
  useEffect(() => {
    client.connect();
    const online = () => client.reconnect();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      client.close();
    };
  }, [client]);
  // Signing in or out elsewhere in the app changes who we are at the table: start afresh.
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  useEffect(() => {
    const now = getAccessToken();
    if (now !== token.current) {
      token.current = now;
      client.close();
      client.connect();
    }
  }, [isAuthenticated, client]);
  // Not useSyncExternalStore: that renders at the sync lane once per socket message, and a burst of
  // messages (a bot table) then commits again and again while an open dialog's portal keeps an ordinary
  // update waiting (rc-component/portal sets state in an effect on every render) — React counts those
  // commits as nested updates and throws "Maximum update depth exceeded" (#185) after 50. A plain state
  // update takes the socket event's normal priority, so a burst renders in one batch with that update.
  const [seen, setSeen] = useState(() => ({ client, state: client.getState() }));
  useEffect(() => {
    const update = () => setSeen({ client, state: client.getState() });
    update();
    return client.subscribe(update);
  }, [client]);
  const state = seen.client === client ? seen.state : client.getState();
  return { client, state };
}

function usePortrait(): boolean {
  const query = '(orientation: portrait) and (max-width: 820px)';
  const [portrait, setPortrait] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const onChange = () => setPortrait(media.matches);
    media.addEventListener?.('change', onChange);
    return () => media.removeEventListener?.('change', onChange);
  }, []);
  return portrait;
}
