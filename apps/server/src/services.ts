import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AuthService } from './auth/authService.js';
import { SecondFactorService } from './auth/secondFactor.js';
import { LocalBus, RedisBus, type ClusterBus } from './cluster/clusterBus.js';
import { MemoryCounters, RedisCounters, type CounterStore } from './cluster/counterStore.js';
import { CountersWhileRedisAway, REDIS_REQUEST_OPTIONS } from './ops/redisAway.js';
import { LocalLeases, RedisLeases, type TableLeases } from './cluster/tableLeases.js';
import type { ServerConfig } from './config.js';
import { BlockService } from './content/blockService.js';
import type { Database } from './db/client.js';
import { Ledger } from './ledger/ledger.js';
import { OutboxMailer, type Mailer } from './mail/mailer.js';
import { PlayerProtection } from './protection/playerProtection.js';
import { PlaySessions } from './protection/playSessions.js';
import { SecurityDesk } from './security/securityDesk.js';
import { SecurityScan } from './security/securityScan.js';
import { SeatAddresses } from './security/seatAddresses.js';
import { GlobalHub } from './realtime/globalHub.js';
import { SettingsService } from './settings/settingsService.js';
import type { TableLayer } from './tables/tableLayer.js';
import { TableRegistry } from './tables/runtime/tableRegistry.js';
import { ChatService } from './tables/chat/chatService.js';
import { TableCatalogue } from './tables/tableCatalogue.js';
import { RoleGrantDesk } from './fourEyes/roleGrants.js';
import type { Clock } from './tables/runtime/ports.js';
import { TournamentService } from './tournaments/tournamentService.js';
import { PlayerNotes } from './users/playerNotes.js';
import { UserService } from './users/userService.js';
import { WalletService } from './wallet/walletService.js';

/** Everything the HTTP and realtime edges call. Built once in the composition root. */
export interface Services {
  config: ServerConfig;
  logger: Logger;
  db: Database;
  ledger: Ledger;
  mailer: Mailer;
  auth: AuthService;
  /** The administrators' second factor (TOTP and recovery codes). */
  secondFactor: SecondFactorService;
  users: UserService;
  wallet: WalletService;
  /** Four-eyes on grants of the ADMIN role. */
  roleGrants: RoleGrantDesk;
  settings: SettingsService;
  blocks: BlockService;
  tables: TableCatalogue;
  tableLayer: TableLayer;
  /** Table chat: lines, the word filter, mutes, retention. */
  chat: ChatService;
  hub: GlobalHub;
  /** Tournaments: the catalogue, registration and one director per open tournament. */
  tournaments: TournamentService;
  /** Player protection: limits, time-outs and self-exclusion (guards on the ledger's play postings). */
  protection: PlayerProtection;
  /** Play sessions: reality checks and the session time limit. */
  playSessions: PlaySessions;
  /** Players' reports of players, for the administrators' security desk. */
  security: SecurityDesk;
  /** Players' private notes and colour tags on other players. */
  playerNotes: PlayerNotes;
  /** Where players sit down from, for the shared-address detector and its refusal setting. */
  seatAddresses: SeatAddresses;
  /** The site's processes: a bus and table leases (Redis with REDIS_URL, in-process without). */
  cluster: Cluster;
}

export interface Cluster {
  readonly nodeId: string;
  /** True when other processes may share the site (REDIS_URL set). */
  readonly shared: boolean;
  bus: ClusterBus;
  leases: TableLeases;
  /** Counters every process shares: failed passwords, sockets per address. */
  counters: CounterStore;
  /** Redis commands (for what takes a client, such as the request rate limit); null for one process. */
  redis: Redis | null;
  /** How long a table lease lives unrenewed (renewed about every third of it). */
  leaseTtlMs: number;
  close(): Promise<void>;
}

export function createCluster(db: Database, config: ServerConfig, logger: Logger): Cluster {
  const { nodeId, redisUrl, redisPrefix } = config;
  const onError = (error: Error) => logger.warn({ err: error }, 'redis bus error');
  const bus = redisUrl ? new RedisBus(redisUrl, nodeId, redisPrefix, onError) : new LocalBus(nodeId);
  const leases = redisUrl
    ? new RedisLeases(redisUrl, db, nodeId, config.leaseTtlMs, redisPrefix)
    : new LocalLeases(db, nodeId);
  const redis = redisUrl ? new Redis(redisUrl, REDIS_REQUEST_OPTIONS) : null;
  redis?.on('error', onError);
  return {
    nodeId,
    shared: Boolean(redisUrl),
    bus,
    leases,
    counters: redis
      ? new CountersWhileRedisAway(new RedisCounters(redis, redisPrefix), redis)
      : new MemoryCounters(),
    redis,
    leaseTtlMs: config.leaseTtlMs,
    close: async () => {
      await Promise.all([bus.close(), leases.close(), redis?.quit().catch(() => redis.disconnect())]);
    },
  };
}

export interface ServiceOverrides {
  /** The live tables; defaults to a TableRegistry with production timings. Receives the other services. */
  tableLayer?: (services: Omit<Services, 'tableLayer' | 'tournaments' | 'playSessions'>) => TableLayer;
  mailer?: Mailer;
  /** The tournament directors' clock (levels, scheduled starts); the system clock by default. */
  tournamentClock?: Clock;
  /** The tournament bots' thinking pause, ms [min, max] (human pace by default). */
  tournamentBotPauseMs?: [number, number];
  /** Player protection's clock (cooling-off, exclusions, sessions); the system clock by default. */
  protectionNow?: () => number;
}

export function createServices(
  db: Database,
  config: ServerConfig,
  logger: Logger,
  overrides: ServiceOverrides = {},
): Services {
  const cluster = createCluster(db, config, logger);
  const ledger = new Ledger(db);
  const mailer = overrides.mailer ?? new OutboxMailer(db, logger, config.mailFrom, config.smtpUrl);
  const auth = new AuthService(db, mailer, {
    scrypt: config.scrypt,
    tokenTtlHours: config.tokenTtlHours,
    rateLimits: config.rateLimits,
    publicOrigin: config.mailLinkOrigin,
    allowedOrigins: config.publicOrigins,
    passwordGuard: config.passwordGuard,
    logger,
    counters: cluster.counters,
  });
  const settings = new SettingsService(db);
  const protection = new PlayerProtection({ db, ledger, now: overrides.protectionNow });
  const base = {
    cluster,
    config,
    logger,
    db,
    ledger,
    mailer,
    auth,
    secondFactor: new SecondFactorService(db, auth, {
      required: config.adminTotp.required,
      counters: cluster.counters,
    }),
    users: new UserService(db, auth, ledger),
    playerNotes: new PlayerNotes(db),
    wallet: new WalletService(db, ledger, settings, protection),
    protection,
    seatAddresses: new SeatAddresses(db, settings),
    security: new SecurityDesk(
      db,
      new SecurityScan(db, (error) => logger.warn({ err: error }, 'security scan failed')),
    ),
    roleGrants: new RoleGrantDesk(db, auth, settings),
    settings,
    blocks: new BlockService(db),
    tables: new TableCatalogue(db),
    chat: new ChatService(db),
    hub: new GlobalHub(ledger, (token) => auth.authenticate(token), logger),
  };
  // Site-wide state travels over the bus, back to this process too: pushes, revocations, settings, tables.
  for (const shared of [ledger, auth.sessionEvents, settings, base.tables]) shared.shareThrough(cluster.bus);
  // What was said on the bus while this process was cut off from Redis is lost: read the caches again.
  cluster.bus.onReconnected?.(() => {
    settings.forget();
    base.tables.forget();
  });
  const tableLayer = overrides.tableLayer?.(base) ?? new TableRegistry(base);
  base.tables.onChanged((tableId, row) => tableLayer.onTableChanged(tableId, row));
  const tournaments = new TournamentService({
    db,
    ledger,
    tables: base.tables,
    tableLayer,
    logger,
    clock: overrides.tournamentClock,
    botPauseMs: overrides.tournamentBotPauseMs ?? config.botPauseMs,
    cluster,
  });
  const playSessions = new PlaySessions({ db, protection, tableLayer, logger });
  return { ...base, tableLayer, tournaments, playSessions };
}
