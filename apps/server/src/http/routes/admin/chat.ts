import type { FastifyInstance } from 'fastify';
import {
  AdminChatQuerySchema,
  ChatMuteRequestSchema,
  type AdminChatLog,
  type MessageResponse,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { parseInput } from '../../validation.js';
import { actorOf } from './adminContext.js';

/** A table's chat log and the site-wide chat mute (audited). */
export function adminChatRoutes(app: FastifyInstance, services: Services): void {
  app.get('/table/chat', async (request): Promise<AdminChatLog> => {
    const { tableId, before, limit } = parseInput(AdminChatQuerySchema, request.query, 'query');
    return { lines: await services.chat.log(tableId, { before, limit }) };
  });

  app.put('/user/chat-mute', async (request): Promise<MessageResponse> => {
    const { userId, muted } = parseInput(ChatMuteRequestSchema, request.body);
    await services.users.get(userId);
    const changed = await services.chat.setMuted(userId, muted, actorOf(request));
    const state = muted ? 'muted' : 'not muted';
    return { message: changed ? `Chat ${state}` : `Chat was already ${state}` };
  });
}
