// The Replay dialog against a real version 2 hand dealt by the engine: the list rows (number, time, your
// cards, board, result), the verification sentences worked out in the browser (and what a tampered
// seed does to them), and the PokerStars copy and PHH download.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applyAction,
  commitToDeck,
  createHand,
  dealtDeck,
  fairnessRecord,
  formatCard,
  handRecord,
  openingsForRecord,
  redactRecord,
  type Card,
  type HandConfig,
  type HandState,
  type PlayerSeed,
} from '@tenger/engine';
import type { HandHistoryResponse, MyHandSummary } from '@tenger/protocol';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { stubServer } from '../admin/testKit';
import { ReplayDialog } from './ReplayDialog';

const HAND_ID = '0b7c6a52-1d1e-4d8e-9a43-5e0f3b9c2a10';
const MY_SEED = 'typed by me in Settings';
const SEEDS: PlayerSeed[] = [
  { seat: 1, userId: playerMe.userId, seed: MY_SEED },
  { seat: 4, userId: 8, seed: '' },
  { seat: 6, userId: 9, seed: 'f00d' },
];
const NAMES: Record<number, string> = { 1: playerMe.username, 4: 'tuya', 6: 'saraa' };

/** A three-way hand to showdown between seats 1 and 6; seat 4 folds preflop. As the server sends it to seat 1. */
function dealtHand(): HandHistoryResponse {
  // A fixed deck and salts (node:crypto's Buffers are not this realm's Uint8Array under jsdom).
  const committed = commitToDeck(
    Array.from({ length: 52 }, (_, i) => ((i * 7) % 52) as Card),
    Array.from({ length: 52 }, (_, i) => Uint8Array.from({ length: 16 }, (_, j) => (i * 31 + j * 7) & 255)),
  );
  const config: HandConfig = {
    variant: 'holdem-nl',
    seats: SEEDS.map((s) => ({ seat: s.seat, playerId: String(s.userId), stack: 1000 })),
    button: 4,
    smallBlind: 5,
    bigBlind: 10,
    deck: dealtDeck(committed, HAND_ID, SEEDS),
    handNumber: 12,
    deckCommitment: committed.deckCommitment,
  };
  let state = (createHand(config) as { state: HandState }).state;
  while (state.phase !== 'complete') {
    const seat = state.toAct!;
    const legal = state.legal!.actions.map((a) => a.type);
    const type = seat === 4 && legal.includes('fold') ? 'fold' : legal.includes('check') ? 'check' : 'call';
    state = (applyAction(state, { seat, type }) as { state: HandState }).state;
  }
  const full = handRecord(state)!;
  const record = redactRecord(full, 1);
  const cards = (list: readonly number[]) => list.map((c) => formatCard(c as Card));
  return {
    handId: HAND_ID,
    tableId: 3,
    tableName: 'Khangai',
    handNumber: 12,
    startedAt: '2026-11-23T10:00:00.000Z',
    endedAt: '2026-11-23T10:01:00.000Z',
    record: {
      ...record,
      seats: record.seats.map((s) => ({
        ...s,
        userId: Number(s.playerId),
        username: NAMES[s.seat],
        holeCards: cards(s.holeCards),
        shownCards: s.shownCards ? cards(s.shownCards) : null,
      })),
      history: record.history.map((h) => ('cards' in h ? { ...h, cards: cards(h.cards) } : h)),
      board: cards(record.board),
    } as HandHistoryResponse['record'],
    phh: 'variant = "NT"\n',
    pokerstars: "PokerStars Hand #12: Hold'em No Limit (5/10) - 2026/11/23 10:00:00 UTC\n",
    fairness: fairnessRecord(committed, HAND_ID, SEEDS, openingsForRecord(committed, full, 1)),
    chain: null,
    rake: 0,
    jackpotContribution: 0,
  };
}

const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe },
};

function open(hand: HandHistoryResponse, items: MyHandSummary[]) {
  const server = stubServer({
    'GET /api/v1/user/hands': [200, { items }],
    [`GET /api/v1/user/hand/${HAND_ID}`]: [200, hand],
  });
  renderWithApp(
    <ReplayDialog
      open
      onClose={() => undefined}
      tableId={3}
      recentHandIds={[]}
      initialHandId={null}
      isAuthenticated
      fourColour={false}
    />,
    { preloadedState: signedIn },
  );
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Replay dialog', () => {
  it('lists hands with number, true relative time, your cards, the board and your result', async () => {
    const hand = dealtHand();
    const me = hand.record.seats.find((s) => s.seat === 1)!;
    const server = open(hand, [
      {
        handId: HAND_ID,
        tableId: 3,
        tableName: 'Khangai',
        handNumber: 12,
        startedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        endedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        holeCards: me.holeCards,
        board: hand.record.board,
        net: me.net,
      },
    ]);
    const row = await screen.findByRole('button', { name: 'Open hand #12' });
    expect(row).toHaveTextContent('#12');
    expect(row).toHaveTextContent('3 hours ago');
    expect(row).not.toHaveTextContent('Just now');
    const yours = within(row).getByLabelText('Your cards');
    for (const card of me.holeCards) expect(yours.innerHTML).toContain(card.slice(0, 1));
    expect(within(row).getByLabelText('Board').children).toHaveLength(hand.record.board.length);
    expect(server.calls('GET', '/api/v1/user/hands')[0].query.get('tableId')).toBe('3');
  });

  it('says exactly what it verified, with your own seed verbatim, and copies and downloads the hand', async () => {
    const hand = dealtHand();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubServer({
      [`GET /api/v1/user/hand/${HAND_ID}`]: [200, hand],
      'GET /api/v1/user/hands': [200, { items: [] }],
    });
    renderWithApp(
      <ReplayDialog
        open
        onClose={() => undefined}
        tableId={3}
        recentHandIds={[]}
        initialHandId={HAND_ID}
        isAuthenticated
        fourColour={false}
      />,
      { preloadedState: signedIn },
    );
    const fair = await screen.findByRole('region', { name: 'Deck check' });
    expect(fair).toHaveTextContent('✔ Verified');
    expect(fair).toHaveTextContent('The board cards match the deck commitment, where the deal put them.');
    expect(fair).toHaveTextContent('The cards shown down match the deck commitment.');
    expect(fair).toHaveTextContent('Your hole cards match the deck commitment.');
    expect(fair).toHaveTextContent(`The deal used your seed “${MY_SEED}”.`);
    expect(fair).toHaveTextContent(hand.fairness.version === 2 ? hand.fairness.deckCommitment : '');
    expect(fair).toHaveTextContent('none (empty)');

    fireEvent.click(screen.getByRole('button', { name: 'Copy as PokerStars text' }));
    expect(writeText).toHaveBeenCalledWith(hand.pokerstars);
    const created: Blob[] = [];
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:phh');
    URL.revokeObjectURL = () => undefined;
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Download PHH' }));
      expect(created).toHaveLength(1);
      expect(
        await new Promise<string>((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.readAsText(created[0]);
        }),
      ).toBe(hand.phh);
    } finally {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    }
  });

  it('does not verify a hand whose recorded seed was changed', async () => {
    const hand = dealtHand();
    if (hand.fairness.version !== 2) throw new Error('version 2 expected');
    hand.fairness.playerSeeds = hand.fairness.playerSeeds.map((s) =>
      s.seat === 1 ? { ...s, seed: `${MY_SEED}!` } : s,
    );
    stubServer({
      [`GET /api/v1/user/hand/${HAND_ID}`]: [200, hand],
      'GET /api/v1/user/hands': [200, { items: [] }],
    });
    renderWithApp(
      <ReplayDialog
        open
        onClose={() => undefined}
        tableId={3}
        recentHandIds={[]}
        initialHandId={HAND_ID}
        isAuthenticated
        fourColour={false}
      />,
      { preloadedState: signedIn },
    );
    const fair = await screen.findByRole('region', { name: 'Deck check' });
    expect(fair).toHaveTextContent('✘ Not verified');
    expect(fair).not.toHaveTextContent('The deal used your seed');
  });
});
