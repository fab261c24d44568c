import type { FastifyInstance } from 'fastify';
import {
  CreateTournamentRequestSchema,
  TournamentIdQuerySchema,
  type MessageResponse,
  type TournamentDetail,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { parseInput } from '../../validation.js';
import { actorOf } from './adminContext.js';

/** Tournaments: create (POST /tournament) and cancel by the published policy (DELETE /tournament). */
export function adminTournamentRoutes(app: FastifyInstance, services: Services): void {
  app.post('/tournament', async (request, reply): Promise<TournamentDetail> => {
    const body = parseInput(CreateTournamentRequestSchema, request.body);
    const created = await services.tournaments.create(body, actorOf(request));
    reply.status(201);
    return created;
  });

  app.delete('/tournament', async (request): Promise<MessageResponse> => {
    const { tournamentId } = parseInput(TournamentIdQuerySchema, request.query, 'query');
    await services.tournaments.cancel(tournamentId, actorOf(request));
    return { message: 'Tournament cancelled' };
  });
}
