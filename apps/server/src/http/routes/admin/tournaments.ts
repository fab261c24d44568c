import type { FastifyInstance } from 'fastify';
import {
  TournamentIdQuerySchema,
  TournamentSimulateQuerySchema,
  type MessageResponse,
  type TournamentDetail,
  type TournamentSimulationResponse,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import {
  CreateTournamentInputSchema,
  UpdateTournamentInputSchema,
} from '../../../tournaments/tournamentInput.js';
import { cancellationMessage } from '../../../tournaments/tournamentService.js';
import { parseInput } from '../../validation.js';
import { actorOf } from './adminContext.js';

/**
 * Tournaments: create (POST /tournament), change before the start (PATCH), cancel by the published policy (DELETE /tournament), and fill
 * with marked, house-funded bots (PUT /tournament/simulate) or take them out (DELETE) before the start.
 */
export function adminTournamentRoutes(app: FastifyInstance, services: Services): void {
  app.post('/tournament', async (request, reply): Promise<TournamentDetail> => {
    const body = parseInput(CreateTournamentInputSchema, request.body);
    const created = await services.tournaments.create(body, actorOf(request));
    reply.status(201);
    return created;
  });

  app.patch('/tournament', async (request): Promise<TournamentDetail> => {
    const { tournamentId } = parseInput(TournamentIdQuerySchema, request.query, 'query');
    const change = parseInput(UpdateTournamentInputSchema, request.body ?? {});
    return services.tournaments.update(tournamentId, change, actorOf(request));
  });

  app.delete('/tournament', async (request): Promise<MessageResponse> => {
    const { tournamentId } = parseInput(TournamentIdQuerySchema, request.query, 'query');
    const outcome = await services.tournaments.cancel(tournamentId, actorOf(request));
    return { message: cancellationMessage(outcome) };
  });

  app.put('/tournament/simulate', async (request): Promise<TournamentSimulationResponse> => {
    const { tournamentId, bots } = parseInput(TournamentSimulateQuerySchema, request.query, 'query');
    const entered = await services.tournaments.addBots(tournamentId, bots, actorOf(request));
    return { message: `${entered} bots registered`, bots: entered };
  });

  app.delete('/tournament/simulate', async (request): Promise<TournamentSimulationResponse> => {
    const { tournamentId } = parseInput(TournamentIdQuerySchema, request.query, 'query');
    const removed = await services.tournaments.removeBots(tournamentId, actorOf(request));
    return { message: `${removed} bots unregistered`, bots: removed };
  });
}
