import type { FastifyInstance } from 'fastify';
import {
  MyTournamentsQuerySchema,
  TournamentEntryRequestSchema,
  TournamentIdParamsSchema,
  TournamentRebuyRequestSchema,
  TournamentDealRequestSchema,
  type MessageResponse,
  type MyTournamentPage,
  type TournamentDetail,
  type TournamentList,
  type TournamentTicketList,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { currentUser, refuseDuringMaintenance, requireUser } from '../../policies.js';
import { parseInput } from '../../validation.js';

/**
 * The Tournament tab: GET /tournaments, /tournaments/{id}, POST and DELETE /tournaments/{id}/register; the
 * profile's list of the caller's own tournaments: GET /tournaments/mine, and of their satellite tickets:
 * GET /tickets.
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

  // The caller's satellite tickets (the profile's Tickets list): target, value, status.
  app.get('/tickets', async (request): Promise<TournamentTicketList> => {
    const user = await requireUser(services, request);
    return services.tournaments.tickets(user.id);
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
    // Freerolls move no money, so the ledger's guard never sees them: an exclusion is asked here too.
    await services.protection.refuseExcluded(user.id);
    const body = parseInput(TournamentEntryRequestSchema, request.body ?? undefined, 'entry');
    await services.tournaments.register(id, user.id, false, body?.entryNumber);
    return { message: 'Registered' };
  });

  app.delete('/tournaments/:id/register', async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    const { id } = parseInput(TournamentIdParamsSchema, request.params, 'tournament id');
    await services.tournaments.unregister(id, user.id);
    return { message: 'Unregistered' };
  });

  // Rebuys and the add-on (issue 21): buy-in and fee for a starting stack, each charged once.
  app.post('/tournaments/:id/rebuy', async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    const { id } = parseInput(TournamentIdParamsSchema, request.params, 'tournament id');
    await refuseDuringMaintenance(services);
    await services.protection.refuseExcluded(user.id);
    const body = parseInput(TournamentRebuyRequestSchema, request.body ?? undefined, 'rebuy');
    await services.tournaments.rebuy(id, user.id, body?.rebuyNumber);
    return { message: 'Rebuy made' };
  });

  app.post('/tournaments/:id/addon', async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    const { id } = parseInput(TournamentIdParamsSchema, request.params, 'tournament id');
    await refuseDuringMaintenance(services);
    await services.protection.refuseExcluded(user.id);
    await services.tournaments.addOn(id, user.id);
    return { message: 'Add-on taken' };
  });

  // The final-table deal (issue 21): ask, take the ask back, accept a proposal or decline.
  app.post('/tournaments/:id/deal', async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    const { id } = parseInput(TournamentIdParamsSchema, request.params, 'tournament id');
    const body = parseInput(TournamentDealRequestSchema, request.body, 'deal');
    await services.tournaments.deal(id, user.id, body);
    return { message: 'Deal answer taken' };
  });
}
