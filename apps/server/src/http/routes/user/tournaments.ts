import type { FastifyInstance } from 'fastify';
import {
  MyTournamentsQuerySchema,
  TournamentIdParamsSchema,
  type MessageResponse,
  type MyTournamentPage,
  type TournamentDetail,
  type TournamentList,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { currentUser, refuseDuringMaintenance, requireUser } from '../../policies.js';
import { parseInput } from '../../validation.js';

/**
 * The Tournament tab: GET /tournaments, /tournaments/{id}, POST and DELETE /tournaments/{id}/register; the
 * profile's list of the caller's own tournaments: GET /tournaments/mine.
 */
export function tournamentRoutes(app: FastifyInstance, services: Services): void {
  // Public like the cash lobby; with a login, `registered` says whether the caller is in.
  app.get('/tournaments', async (request): Promise<TournamentList> => {
    const user = await currentUser(services, request);
    return services.tournaments.list(user?.id ?? null);
  });

  // A static path: it wins over /tournaments/:id.
  app.get('/tournaments/mine', async (request): Promise<MyTournamentPage> => {
    const user = await requireUser(services, request);
    const query = parseInput(MyTournamentsQuerySchema, request.query, 'query');
    return services.tournaments.mine(user.id, query);
  });

  app.get('/tournaments/:id', async (request): Promise<TournamentDetail> => {
    const { id } = parseInput(TournamentIdParamsSchema, request.params, 'tournament id');
    const user = await currentUser(services, request);
    return services.tournaments.detail(id, user?.id ?? null);
  });

  app.post('/tournaments/:id/register', async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    const { id } = parseInput(TournamentIdParamsSchema, request.params, 'tournament id');
    await refuseDuringMaintenance(services);
    await services.tournaments.register(id, user.id);
    return { message: 'Registered' };
  });

  app.delete('/tournaments/:id/register', async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    const { id } = parseInput(TournamentIdParamsSchema, request.params, 'tournament id');
    await services.tournaments.unregister(id, user.id);
    return { message: 'Unregistered' };
  });
}
