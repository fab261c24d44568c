// Hand history: GET /api/v1/user/hand/{handId} (a hand the caller was dealt into, any for an admin).
// Only finished hands exist here. The hand chain's head: GET /api/v1/user/fairness/head. The admin's
// hand calls are in ../admin/hands.ts.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { fairnessRecord, formatCard, openingsForRecord, redactRecord, type HandRecord } from '@tenger/engine';
import {
  type FairnessHeadResponse,
  HandIdParamsSchema,
  type HandHistoryResponse,
  type HandRecordWire,
} from '@tenger/protocol';
import { queryRows, type Database } from '../../../db/client.js';
import { notFound } from '../../../errors.js';
import { actsAsAdmin, requireUser } from '../../policies.js';
import { parseInput } from '../../validation.js';
import type { Services } from '../../../services.js';
import { HandStore, type StoredHand } from '../../../hands/handStore.js';
import { handTexts } from '../../../hands/handTexts.js';

export function userHandRoutes(app: FastifyInstance, services: Services): void {
  const hands = new HandStore(services.db);
  app.get('/hand/:handId', async (request): Promise<HandHistoryResponse> => {
    const user = await requireUser(services, request);
    const { handId } = parseInput(HandIdParamsSchema, request.params, 'hand id');
    const hand = await hands.get(handId);
    const player = hand?.players.find((p) => p.userId === user.id);
    if (!hand || (!player && !(await actsAsAdmin(services, request, user)))) throw notFound('Hand');
    // The house sees every card of a finished hand; a player sees their own and what was shown.
    const record = player ? redactRecord(hand.record, player.seat) : hand.record;
    const usernames = await usernamesOf(
      services.db,
      hand.players.map((p) => p.userId),
    );
    const nameOf = (seat: number) => {
      const userId = hand.players.find((p) => p.seat === seat)?.userId;
      return (userId !== undefined && usernames.get(userId)) || `Seat ${seat + 1}`;
    };
    return {
      handId: hand.handId,
      tableId: hand.tableId,
      tableName: hand.tableName,
      handNumber: hand.handNumber,
      startedAt: hand.startedAt.toISOString(),
      endedAt: hand.endedAt.toISOString(),
      record: presentRecord(record, nameOf),
      ...handTexts(hand, { seat: player?.seat, nameOf }),
      fairness: fairnessFor(hand, player ? player.seat : null),
      chain: hand.chain ? { previousHash: hand.chain.previousHash, hash: hand.chain.hash } : null,
      rake: hand.rake,
      jackpotContribution: hand.jackpotContribution,
    };
  });

  app.get('/fairness/head', async (request): Promise<FairnessHeadResponse> => {
    await requireUser(services, request);
    return hands.chainHead();
  });
}

/**
 * The hand's fairness data for one viewer. Version 2: the seeds and only the openings of the cards this
 * viewer may see (the board, cards shown down, its own hole cards); never the committed deck itself.
 */
function fairnessFor(hand: StoredHand, viewerSeat: number | null): HandHistoryResponse['fairness'] {
  if (hand.fairnessVersion === 2 && hand.committedDeck && hand.playerSeeds) {
    const openings = openingsForRecord(hand.committedDeck, hand.record, viewerSeat);
    return fairnessRecord(hand.committedDeck, hand.handId, hand.playerSeeds, openings);
  }
  return { serverSeed: hand.serverSeed, commitment: hand.seedCommitment, clientSeed: hand.clientSeed };
}

function presentRecord(record: HandRecord, nameOf: (seat: number) => string): HandRecordWire {
  const cards = (list: readonly number[]) => list.map(formatCard);
  return {
    handNumber: record.handNumber,
    variant: record.variant,
    button: record.button,
    smallBlind: record.smallBlind,
    bigBlind: record.bigBlind,
    ante: record.ante,
    smallBlindSeat: record.smallBlindSeat,
    bigBlindSeat: record.bigBlindSeat,
    seats: record.seats.map((s) => ({
      seat: s.seat,
      userId: Number(s.playerId),
      username: nameOf(s.seat),
      startingStack: s.startingStack,
      finalStack: s.finalStack,
      dealtIn: s.dealtIn,
      holeCards: cards(s.holeCards),
      shownCards: s.shownCards ? cards(s.shownCards) : null,
      mucked: s.mucked,
      folded: s.folded,
      foldedOn: s.foldedOn,
      net: s.net,
    })),
    history: record.history.map((h) => ('cards' in h ? { ...h, cards: cards(h.cards) } : h)),
    board: cards(record.board),
    pots: record.pots.map((p) => ({
      ...p,
      eligible: [...p.eligible],
      winners: p.winners.map((w) => ({ ...w })),
    })),
    rake: record.rake,
    totalPot: record.totalPot,
  };
}

export async function usernamesOf(db: Database, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; username: string }>(
    db,
    sql`SELECT id, username FROM users WHERE id IN (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}
