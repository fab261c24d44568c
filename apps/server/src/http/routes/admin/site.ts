import type { FastifyInstance } from 'fastify';
import {
  BlockNameParamsSchema,
  CreateBlockRequestSchema,
  UpdateBlockRequestSchema,
  UpdateSettingsRequestSchema,
  type ContentBlock,
  type MessageResponse,
  type Settings,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { parseInput } from '../../validation.js';
import { actorOf } from './adminContext.js';

/** Content blocks and settings. */
export function adminSiteRoutes(app: FastifyInstance, services: Services): void {
  app.get('/block/list', async (): Promise<ContentBlock[]> => services.blocks.list());

  app.post('/block', async (request, reply): Promise<ContentBlock> => {
    const { name, block } = parseInput(CreateBlockRequestSchema, request.body);
    reply.status(201);
    return services.blocks.create(name, block, actorOf(request));
  });

  app.put('/block/:name', async (request): Promise<ContentBlock> => {
    const { name } = parseInput(BlockNameParamsSchema, request.params, 'block name');
    return services.blocks.update(name, parseInput(UpdateBlockRequestSchema, request.body), actorOf(request));
  });

  app.delete('/block/:name', async (request): Promise<MessageResponse> => {
    const { name } = parseInput(BlockNameParamsSchema, request.params, 'block name');
    await services.blocks.remove(name, actorOf(request));
    return { message: 'Block deleted' };
  });

  app.get('/settings', async (): Promise<Settings> => services.settings.get());

  app.put('/settings', async (request): Promise<Settings> =>
    services.settings.update(parseInput(UpdateSettingsRequestSchema, request.body), actorOf(request)),
  );
}
