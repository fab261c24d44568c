import type { FastifyInstance } from 'fastify';
import {
  PlayerNoteParamsSchema,
  PutPlayerNoteRequestSchema,
  type PlayerNotesResponse,
  type PutPlayerNoteResponse,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { requireUser } from '../../policies.js';
import { parseInput } from '../../validation.js';

/** Player notes (issue 23 item 6): GET /notes (the caller's own), PUT /notes/{userId}. */
export function playerNoteRoutes(app: FastifyInstance, services: Services): void {
  app.get('/notes', async (request): Promise<PlayerNotesResponse> => {
    const user = await requireUser(services, request);
    return { notes: await services.playerNotes.list(user.id) };
  });

  app.put('/notes/:userId', async (request): Promise<PutPlayerNoteResponse> => {
    const user = await requireUser(services, request);
    const { userId } = parseInput(PlayerNoteParamsSchema, request.params, 'player');
    const input = parseInput(PutPlayerNoteRequestSchema, request.body);
    return { saved: await services.playerNotes.put(user.id, userId, input) };
  });
}
