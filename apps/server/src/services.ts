import type { Logger } from 'pino';
import { AuthService } from './auth/authService.js';
import type { ServerConfig } from './config.js';
import { BlockService } from './content/blockService.js';
import type { Database } from './db/client.js';
import { Ledger } from './ledger/ledger.js';
import { OutboxMailer, type Mailer } from './mail/mailer.js';
import { GlobalHub } from './realtime/globalHub.js';
import { SettingsService } from './settings/settingsService.js';
import type { TableLayer } from './tables/tableLayer.js';
import { TableRegistry } from './tables/runtime/tableRegistry.js';
import { TableService } from './tables/tableService.js';
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
  users: UserService;
  wallet: WalletService;
  settings: SettingsService;
  blocks: BlockService;
  tables: TableService;
  tableLayer: TableLayer;
  hub: GlobalHub;
}

export interface ServiceOverrides {
  /** The live tables; defaults to a TableRegistry with production timings. Receives the other services. */
  tableLayer?: (services: Omit<Services, 'tableLayer'>) => TableLayer;
  mailer?: Mailer;
}

export function createServices(
  db: Database,
  config: ServerConfig,
  logger: Logger,
  overrides: ServiceOverrides = {},
): Services {
  const ledger = new Ledger(db);
  const mailer = overrides.mailer ?? new OutboxMailer(db, logger, config.mailFrom, config.smtpUrl);
  const auth = new AuthService(db, mailer, {
    scrypt: config.scrypt,
    tokenTtlHours: config.tokenTtlHours,
    rateLimits: config.rateLimits,
    publicOrigin: config.publicOrigins[0] ?? `http://localhost:${config.port}`,
    logger,
  });
  const settings = new SettingsService(db);
  const base = {
    config,
    logger,
    db,
    ledger,
    mailer,
    auth,
    users: new UserService(db, auth, ledger),
    wallet: new WalletService(db, ledger, settings),
    settings,
    blocks: new BlockService(db),
    tables: new TableService(db),
    hub: new GlobalHub(ledger, (token) => auth.authenticate(token), logger),
  };
  const tableLayer = overrides.tableLayer?.(base) ?? new TableRegistry(base);
  base.tables.onChanged((tableId, row) => tableLayer.onTableChanged(tableId, row));
  return { ...base, tableLayer };
}
