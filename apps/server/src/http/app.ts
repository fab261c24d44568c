import zlib from 'node:zlib';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import { GLOBAL_CHANNEL_PATH } from '@tenger/protocol';
import type { WebSocket } from 'ws';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import { ConnectionsAtAccept } from './connectionCap.js';
import { body, installErrorHandling } from './errorHandler.js';
import { sendAppShell, serveWebApp } from './webApp.js';
import { requireAdmin } from './policies.js';
import { catalogRoutes } from './routeCatalog.js';
import { rememberAdmin } from './routes/admin/adminContext.js';
import { adminAuditRoutes } from './routes/admin/audit.js';
import { adminApprovalRoutes } from './routes/admin/approvals.js';
import { adminMoneyRoutes } from './routes/admin/money.js';
import { adminSiteRoutes } from './routes/admin/site.js';
import { adminTableRoutes } from './routes/admin/tables.js';
import { adminTournamentRoutes } from './routes/admin/tournaments.js';
import { adminUserRoutes } from './routes/admin/users.js';
import { accountRoutes } from './routes/user/account.js';
import { tableLookRoutes } from './routes/user/tableLook.js';
import { secondFactorRoutes } from './routes/user/secondFactor.js';
import { authRoutes } from './routes/user/auth.js';
import { lobbyRoutes } from './routes/user/lobby.js';
import { waitlistRoutes } from './routes/user/waitlist.js';
import { playerNoteRoutes } from './routes/user/playerNotes.js';
import { protectionRoutes } from './routes/user/protection.js';
import { tournamentRoutes } from './routes/user/tournaments.js';
import { walletRoutes } from './routes/user/wallet.js';
import { adminHandRoutes } from './routes/admin/hands.js';
import { userHandRoutes } from './routes/user/hands.js';
import { myHandRoutes } from './routes/user/myHands.js';
import { tableChannelRoutes } from '../tables/channel/tableChannel.js';
import { SiteSocketCap } from '../realtime/socketCap.js';
import { TableChat } from '../tables/chat/tableChat.js';
import { adminChatRoutes } from './routes/admin/chat.js';

export const USER_API = '/api/v1/user';
export const ADMIN_API = '/api/v1/admin';
const BODY_LIMIT_BYTES = 64 * 1024;
const COMPRESS_ABOVE_BYTES = 1024;
/** A request's body must arrive within this (its head within config.httpHeadersTimeoutMs). */
const REQUEST_TIMEOUT_MS = 30_000;
/** A connection serves at most so many requests (an idle one is closed after config.httpKeepAliveTimeoutMs). */
const REQUESTS_PER_CONNECTION = 1_000;
/** How often the server looks for connections past their head or request time (at most). */
const TIMEOUT_CHECK_MS = 1_000;

export interface BuildAppOptions {
  /** Serve the built web app from this folder (with SPA fallback) when it exists. */
  webDist?: string;
  /** Extra routes (e.g. the table runtime's channel) registered on the same app. */
  plugins?: Array<(app: FastifyInstance, services: Services) => Promise<void> | void>;
}

/** The HTTP and WebSocket edge: validates, checks policy, calls one service, presents the result. */
export async function buildApp(services: Services, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slowloris: a head must be whole in time, a body too; idle keep-alives go. Checked every
    // second (Node's default is every 30 s), or faster when the head time is shorter (tests).
    http: {
      headersTimeout: services.config.httpHeadersTimeoutMs,
      connectionsCheckingInterval: Math.min(
        TIMEOUT_CHECK_MS,
        Math.ceil(services.config.httpHeadersTimeoutMs / 4),
      ),
    },
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, services.config.httpHeadersTimeoutMs),
    keepAliveTimeout: services.config.httpKeepAliveTimeoutMs,
    maxRequestsPerSocket: REQUESTS_PER_CONNECTION,
    trustProxy: (_address: string, hop: number) => hop < services.config.trustProxyHops,
    // Errors raised before routing (a malformed URL, a bad content type) get the one error shape too.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode === 415 ? 415 : 400;
      void (reply as unknown as FastifyReply)
        .status(status)
        .send(body(status === 415 ? 'unsupported_media_type' : 'bad_request', 'Malformed request'));
    },
  });
  watchConnections(app, services);
  catalogRoutes(app);
  installErrorHandling(app);
  acceptEmptyJson(app);

  const origins = new Set(services.config.publicOrigins);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || origins.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    maxAge: 600,
  });
  // API answers above 1 KB go compressed (brotli at a quality fit for live answers, or gzip); the web
  // app's files were compressed at build time and are served as they are (webApp.ts).
  await app.register(compress, {
    threshold: COMPRESS_ABOVE_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // With several processes the request counts live in Redis, so a limit holds across the site.
  const { redis } = services.cluster;
  const nameSpace = `${services.config.redisPrefix}rate:`;
  await app.register(
    rateLimit,
    redis ? { global: false, redis, nameSpace, skipOnError: true } : { global: false },
  );
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // The one cap on WebSockets per client address (both channels, the whole site): every upgrade takes
  // one of its address's places before it is routed. (TCP connections are capped at accept above.)
  const socketCap = new SiteSocketCap(
    services.cluster.counters,
    services.config.wsConnectionsPerIp,
    services.cluster.nodeId,
  );
  app.addHook('onRequest', async (request, reply) => {
    if (request.ws && !(await socketCap.admit(request.ip, request.raw.socket)))
      await reply.status(429).send(body('rate_limited', 'Too many connections from your address'));
  });
  app.addHook('onClose', () => socketCap.close());

  await app.register(
    async (user) => {
      authRoutes(user, services);
      accountRoutes(user, services);
      tableLookRoutes(user, services);
      secondFactorRoutes(user, services);
      lobbyRoutes(user, services);
      waitlistRoutes(user, services);
      walletRoutes(user, services);
      protectionRoutes(user, services);
      tournamentRoutes(user, services);
      userHandRoutes(user, services);
      myHandRoutes(user, services);
      playerNoteRoutes(user, services);
    },
    { prefix: USER_API },
  );

  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request) =>
        rememberAdmin(request, await requireAdmin(services, request)),
      );
      adminUserRoutes(admin, services);
      adminMoneyRoutes(admin, services);
      adminApprovalRoutes(admin, services);
      adminTableRoutes(admin, services);
      adminTournamentRoutes(admin, services);
      adminSiteRoutes(admin, services);
      adminHandRoutes(admin, services);
      adminAuditRoutes(admin, services);
      adminChatRoutes(admin, services);
    },
    { prefix: ADMIN_API },
  );

  // Sessions that end close their sockets.
  services.hub.followSessions(services.auth.sessionEvents);
  app.get(
    GLOBAL_CHANNEL_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        if (!originAllowed(request, origins)) throw new AppError(403, 'forbidden', 'Origin not allowed');
      },
    },
    (socket: WebSocket) => services.hub.attach(socket),
  );

  const tableChat = new TableChat(services.chat, services.cluster.bus, (error) =>
    services.logger.warn({ err: error }, 'table chat failed'),
  );
  app.addHook('onClose', async () => tableChat.close());
  tableChannelRoutes(app, {
    tableLayer: services.tableLayer,
    authenticate: (token) => services.auth.authenticate(token),
    originAllowed: (request) => originAllowed(request, origins),
    sessionEvents: services.auth.sessionEvents,
    chat: tableChat,
    seatAddresses: services.seatAddresses,
    closedLingerMs: services.config.tableClosedLingerMs,
    onBalanceChanged: (listener) =>
      services.ledger.onPosted((result) => {
        for (const userId of result.affectedUserIds) listener(userId);
      }),
  });

  for (const plugin of options.plugins ?? []) await plugin(app, services);

  const withWebApp = await serveWebApp(app, options.webDist);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/ws/');
    if (withWebApp && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      // The single-page app routes everything else itself.
      return sendAppShell(reply);
    }
    return reply.status(404).send(body('not_found', `No route ${request.method} ${pathname}`));
  });
  return app;
}

/**
 * The per-address cap on open connections, and the refusal budget: an address that got its fill of 429s
 * this minute has each of its connections closed after its next answer and new ones refused at accept.
 */
function watchConnections(app: FastifyInstance, services: Services): void {
  const { tcpConnectionsPerIp: maxOpen, httpRefusalsPerIp: maxRefusals } = services.config;
  if (maxOpen <= 0 && maxRefusals <= 0) return;
  const connections = new ConnectionsAtAccept({ maxOpen, maxRefusals });
  connections.watch(app.server);
  if (maxRefusals <= 0) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (connections.afterAnswer(request.raw.socket, reply.statusCode))
      void reply.header('connection', 'close');
    return payload;
  });
}

/** Browsers send Origin on WebSocket upgrades: allow the configured origins and the server's own host. */
function originAllowed(request: FastifyRequest, origins: Set<string>): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origins.has(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** An empty body with Content-Type: application/json is "no body", not a parse error. */
function acceptEmptyJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const raw = typeof text === 'string' ? text : text.toString('utf8');
    if (raw.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(new AppError(400, 'bad_request', 'Request body is not valid JSON'), undefined);
    }
  });
}
