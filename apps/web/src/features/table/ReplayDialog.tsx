import { Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { verifyHandFairness, type FairnessCheck } from '@tenger/engine/browser';
import { useAppSelector } from '../../app/hooks';
import { PlayingCard } from './PlayingCard';
import { replayFrames, type ReplayFrame } from './replay';
import { parseCards } from './cards';
import { bestHand, describeHand } from './handName';
import { HandExportButtons } from './HandExportButtons';
import { ReplayList } from './ReplayList';
import { useGetHandQuery, useGetMyHandsQuery } from './tableApi';

export interface ReplayDialogProps {
  open: boolean;
  onClose: () => void;
  tableId: number;
  /** Hands seen finishing in this visit, newest first. */
  recentHandIds: string[];
  /** A hand to open at once (from the game history link). */
  initialHandId: string | null;
  isAuthenticated: boolean;
  fourColour: boolean;
}

const AUTOPLAY_STEP_MS = 900;

/**
 * Replay: the viewer's hands at this table (GET /user/hands, plus this visit's newest), stepped through
 * action by action, copied as PokerStars text or downloaded as PHH, with the fairness check worked out
 * here in the browser by the engine's verifier.
 */
export function ReplayDialog(props: ReplayDialogProps) {
  const { t } = useTranslation();
  const [handId, setHandId] = useState<string | null>(props.initialHandId);
  const mine = useGetMyHandsQuery(
    { tableId: props.tableId },
    { skip: !props.open || !props.isAuthenticated, refetchOnMountOrArgChange: true },
  );

  useEffect(() => {
    if (props.initialHandId) setHandId(props.initialHandId);
  }, [props.initialHandId]);

  const hands = mine.data?.items ?? [];
  // Hands of this visit that the list (read when the dialog opened) does not hold yet.
  const pending = props.recentHandIds.filter((id) => !hands.some((hand) => hand.handId === id));

  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      footer={null}
      title={t('table.menu.replay')}
      width={720}
      destroyOnHidden
    >
      {!props.isAuthenticated ? (
        <p>{t('table.replay.signInFirst')}</p>
      ) : handId ? (
        <HandReplay handId={handId} onBack={() => setHandId(null)} fourColour={props.fourColour} />
      ) : hands.length === 0 && pending.length === 0 ? (
        <p>{mine.isFetching ? t('common.loading') : t('table.replay.noHands')}</p>
      ) : (
        <ReplayList hands={hands} pending={pending} onOpen={setHandId} fourColour={props.fourColour} />
      )}
    </Modal>
  );
}

function HandReplay({
  handId,
  onBack,
  fourColour,
}: {
  handId: string;
  onBack: () => void;
  fourColour: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { data, isError, isFetching } = useGetHandQuery(handId);
  const frames = useMemo(() => (data ? replayFrames(data.record) : []), [data]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const myName = useAppSelector((state) => state.auth.userInfo?.username ?? null);
  const money = (value: number) => formatMoney(value, i18n.language);
  const winningHandName = (at: ReplayFrame, omaha: boolean) => {
    const seat = at.seats.find((s) => s.seat === at.step?.values.seat);
    const best = seat ? bestHand(parseCards(seat.cards), parseCards(at.board), omaha) : null;
    return best ? describeHand(t, best) : '';
  };

  const viewerSeat = data?.record.seats.find((s) => s.username === myName)?.seat ?? null;
  // The engine's own verifier (@tenger/engine/browser): pure, synchronous, version 1 and 2 alike.
  const fairness: FairnessCheck | null = useMemo(
    () => (data ? verifyHandFairness(data.record, data.fairness, { viewerSeat }) : null),
    [data, viewerSeat],
  );

  useEffect(() => setIndex(0), [data]);

  useEffect(() => {
    if (!playing) return;
    if (index >= frames.length - 1) {
      setPlaying(false);
      return;
    }
    const id = setTimeout(
      () => setIndex((value) => Math.min(frames.length - 1, value + 1)),
      AUTOPLAY_STEP_MS,
    );
    return () => clearTimeout(id);
  }, [playing, index, frames.length]);

  if (isError) {
    return (
      <div>
        <p role="alert">{t('table.replay.loadError')}</p>
        <button type="button" className="btn btn--muted" onClick={onBack}>
          {t('table.replay.back')}
        </button>
      </div>
    );
  }
  if (!data || isFetching || frames.length === 0) return <p>{t('common.loading')}</p>;

  const frame = frames[Math.min(index, frames.length - 1)];
  const verified = fairness?.ok === true;
  const last = frames.length - 1;

  return (
    <div className="replay">
      <div className="replay__head">
        <button type="button" className="btn btn--muted" onClick={onBack}>
          ← {t('table.replay.back')}
        </button>
        <span>
          {t('table.replay.handTitle', { number: data.handNumber, table: data.tableName })} ·{' '}
          {formatDateTime(data.startedAt, i18n.language)}
        </span>
      </div>
      <HandExportButtons
        handNumber={data.handNumber}
        tableId={data.tableId}
        pokerstars={data.pokerstars}
        phh={data.phh}
      />
      <div className="replay__board" aria-label={t('table.board')}>
        {frame.board.map((card) => (
          <PlayingCard key={card} card={card} fourColour={fourColour} size="sm" />
        ))}
        <span className="replay__pot">
          {t('table.pot')}: {money(frame.pot)}
        </span>
      </div>
      <ul className="replay__seats">
        {frame.seats.map((seat) => (
          <li
            key={seat.seat}
            className={`replay__seat${seat.seat === frame.actingSeat ? ' replay__seat--acting' : ''}${seat.folded ? ' replay__seat--folded' : ''}`}
          >
            <span className="replay__name">{seat.username}</span>
            <span className="replay__cards">
              {seat.cards.map((card) => (
                <PlayingCard key={card} card={card} fourColour={fourColour} size="sm" />
              ))}
              {Array.from({ length: seat.faceDown }, (_, i) => (
                <PlayingCard key={`d${i}`} card={null} fourColour={fourColour} size="sm" />
              ))}
            </span>
            <span>{money(seat.stack)}</span>
            {seat.bet > 0 && <span className="replay__bet">{money(seat.bet)}</span>}
            {index === last && (
              <span
                className={seat.net < 0 ? 'amount--negative' : seat.net > 0 ? 'amount--positive' : undefined}
              >
                {seat.net > 0 ? '+' : ''}
                {money(seat.net)}
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="replay__step" aria-live="polite">
        {frame.step
          ? t(`table.replay.steps.${frame.step.key}`, {
              ...frame.step.values,
              amount: typeof frame.step.values.amount === 'number' ? money(frame.step.values.amount) : '',
              hand:
                frame.step.key === 'winsWith'
                  ? winningHandName(frame, data.record.variant !== 'holdem-nl')
                  : '',
            })
          : t('table.replay.start')}
      </p>
      <div className="replay__controls">
        <button
          type="button"
          className="btn btn--muted"
          onClick={() => setIndex(0)}
          disabled={index === 0}
          aria-label={t('table.replay.first')}
        >
          «
        </button>
        <button
          type="button"
          className="btn btn--muted"
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0}
        >
          {t('table.replay.previous')}
        </button>
        <span className="replay__counter">
          {index} / {last}
        </span>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => setIndex((i) => Math.min(last, i + 1))}
          disabled={index === last}
        >
          {t('table.replay.next')}
        </button>
        <button
          type="button"
          className="btn btn--muted"
          onClick={() => {
            if (index === last) setIndex(0);
            setPlaying((value) => !value);
          }}
        >
          {playing ? t('table.replay.pause') : t('table.replay.play')}
        </button>
      </div>
      <section className="replay__fair" aria-label={t('table.replay.fairness')}>
        <h3>
          {t('table.replay.fairness')}{' '}
          {fairness === null ? (
            <span className="fair-mark">{t('table.replay.checking')}</span>
          ) : verified ? (
            <span className="fair-mark fair-mark--ok">✔ {t('table.replay.verified')}</span>
          ) : (
            <span className="fair-mark fair-mark--bad">✘ {t('table.replay.notVerified')}</span>
          )}
        </h3>
        {fairness ? <FairnessSentences check={fairness} /> : null}
        {'version' in data.fairness && data.fairness.version === 2 ? (
          <dl>
            <dt>{t('table.replay.deckCommitment')}</dt>
            <dd>
              <code>{data.fairness.deckCommitment}</code>
            </dd>
            {data.fairness.playerSeeds.map((p) => (
              <FairnessSeed key={p.seat} seat={p.seat} seed={p.seed} />
            ))}
          </dl>
        ) : (
          <dl>
            <dt>{t('table.replay.serverSeed')}</dt>
            <dd>
              <code>{data.fairness.serverSeed}</code>
            </dd>
            <dt>{t('table.replay.commitment')}</dt>
            <dd>
              <code>{data.fairness.commitment}</code>
            </dd>
            <dt>{t('table.replay.clientSeed')}</dt>
            <dd>
              <code>{data.fairness.clientSeed}</code>
            </dd>
          </dl>
        )}
        <p className="replay__fair-help">{t('table.replay.fairHelp')}</p>
      </section>
    </div>
  );
}

function FairnessSeed({ seat, seed }: { seat: number; seed: string }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('table.replay.seatSeed', { seat: seat + 1 })}</dt>
      <dd>{seed === '' ? <em>{t('table.replay.noSeed')}</em> : <code>{seed}</code>}</dd>
    </>
  );
}

/** Exactly what was verified, one sentence per check. */
function FairnessSentences({ check }: { check: FairnessCheck }) {
  const { t } = useTranslation();
  if (check.version === 1) {
    return (
      <ul className="replay__fair-checks">
        <li>{t(check.commitmentOk ? 'table.replay.v1CommitmentOk' : 'table.replay.v1CommitmentBad')}</li>
        {check.deckOk !== null ? (
          <li>{t(check.deckOk ? 'table.replay.v1DeckOk' : 'table.replay.v1DeckBad')}</li>
        ) : null}
      </ul>
    );
  }
  const line = (kind: 'board' | 'shownCards' | 'ownHoleCards') =>
    t(`table.replay.check.${kind}.${check[kind]}`);
  return (
    <ul className="replay__fair-checks">
      <li>{line('board')}</li>
      <li>{line('shownCards')}</li>
      {check.viewerSeed !== null ? <li>{line('ownHoleCards')}</li> : null}
      {check.viewerSeed !== null ? (
        <li>
          {check.viewerSeed === ''
            ? t('table.replay.check.noOwnSeed')
            : t(check.dealUsedSeeds ? 'table.replay.check.usedYourSeed' : 'table.replay.check.seedNotShown', {
                seed: check.viewerSeed,
              })}
        </li>
      ) : null}
      <li>{t('table.replay.check.cardsChecked', { count: check.cardsChecked })}</li>
      {check.problems.length > 0 ? (
        <li>{t('table.replay.check.problems', { count: check.problems.length })}</li>
      ) : null}
    </ul>
  );
}
