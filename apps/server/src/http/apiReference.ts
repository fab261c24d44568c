// The API reference, generated from the zod schemas of @tenger/protocol (the same ones every route
// parses its input with): GET /api/openapi.json (OpenAPI 3.1) and a browsable page at GET /api/docs
// (plain HTML, no script: it passes the site's Content-Security-Policy).
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS, ErrorResponseSchema, PROTOCOL_VERSION } from '@tenger/protocol';
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './apiRoutes.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

type JsonSchema = Record<string, unknown>;

export function apiReferenceRoutes(app: FastifyInstance): void {
  let document: ReturnType<typeof openApiDocument> | null = null;
  let page: string | null = null;
  app.get(OPENAPI_PATH, async () => (document ??= openApiDocument()));
  app.get(API_DOCS_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send((page ??= docsPage((document ??= openApiDocument())))),
  );
}

/** OpenAPI 3.1 of every route in API_ROUTES (JSON Schema 2020-12, as zod writes it). */
export function openApiDocument(routes: readonly ApiRoute[] = API_ROUTES) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tenger Poker API',
      version: PROTOCOL_VERSION,
      description:
        'Every body, query and answer below is generated from the zod schemas of @tenger/protocol. ' +
        'Errors share one shape, `{ error: { code, message, fields? } }`; the codes and their statuses are ' +
        'listed under components.schemas.ErrorCode. Realtime (/ws/global, /ws/table/{id}) is in docs/protocol.md.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: jsonSchema(ErrorResponseSchema, 'output'),
        ErrorCode: {
          type: 'string',
          enum: Object.keys(ERROR_STATUS),
          description: Object.entries(ERROR_STATUS)
            .map(([code, status]) => `${code}: ${status}`)
            .join('; '),
        },
      },
    },
    paths,
  };
}

function operation(route: ApiRoute): Record<string, unknown> {
  const parameters = [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')];
  const ok = route.response
    ? { content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } }
    : { content: { [route.produces ?? 'text/plain']: { schema: { type: 'string' } } } };
  return {
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = '') => c.toUpperCase())}`,
    tags: [
      route.path.startsWith('/api/v1/admin')
        ? 'admin'
        : route.path.startsWith('/api/')
          ? 'user'
          : 'operations',
    ],
    ...(route.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(route.auth === 'admin' ? { description: 'Administrators only.' } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      '200': { description: 'OK', ...ok },
      default: {
        description: 'An error in the one shape',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** A page a person can read: each operation with its parameters, body and answer. */
function docsPage(document: ReturnType<typeof openApiDocument>): string {
  const sections = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, raw]) => {
      const op = raw as {
        description?: string;
        security?: unknown;
        parameters?: JsonSchema[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
      };
      const answer = Object.entries(op.responses['200'].content ?? {})[0];
      const parts = [
        `<h3 id="${escape(method + path)}"><code>${method.toUpperCase()} ${escape(path)}</code></h3>`,
        `<p>${op.security ? 'Bearer token' : 'No token'}${op.description ? `. ${escape(op.description)}` : ''}</p>`,
        op.parameters ? block('Parameters', op.parameters) : '',
        op.requestBody
          ? block('Body (application/json)', op.requestBody.content['application/json'].schema)
          : '',
        answer ? block(`Answer (${answer[0]})`, answer[1].schema) : '',
      ];
      return `<section>${parts.join('')}</section>`;
    }),
  );
  const index = Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) =>
          `<li><a href="#${escape(method + path)}"><code>${method.toUpperCase()} ${escape(path)}</code></a></li>`,
      ),
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(document.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{background:#f4f4f4;padding:.5rem;overflow:auto;font-size:13px}section{border-top:1px solid #ddd;margin-top:1rem}</style></head>
<body><h1>${escape(document.info.title)} ${escape(document.info.version)}</h1><p>${escape(document.info.description)}</p>
<p>Machine-readable: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a></p><ul>${index}</ul>${sections.join('')}</body></html>`;
}

function block(title: string, value: unknown): string {
  return `<h4>${escape(title)}</h4><pre>${escape(JSON.stringify(value, null, 2))}</pre>`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
