import { GLOBAL_SOCKET_PATH } from '../app/constants';
import type { GlobalServerMessage } from '../api/types';
import {
  ReconnectingSocket,
  SESSION_ENDED_CLOSE_CODE,
  SERVER_RESTART_CLOSE_CODE,
  SPEC_RECONNECT_POLICY,
  type SocketLike,
} from './reconnectingSocket';

export { SESSION_ENDED_CLOSE_CODE, SERVER_RESTART_CLOSE_CODE, type SocketLike };

export interface GlobalSocketHandlers {
  onBalance(userId: number | string, balance: number, locked?: number): void;
  onJackpot(amount: number): void;
  /** The server closed with 4001: the session ended (logout elsewhere, password change, block…). */
  onSessionEnded?(): void;
  /** True when the server closed with 1012 (restarting for a deploy); false once connected again or given up. */
  onServerRestart?(restarting: boolean): void;
}

export interface GlobalSocketOptions extends GlobalSocketHandlers {
  url: string;
  token: string;
  createSocket?: (url: string) => SocketLike;
  logger?: Pick<Console, 'warn' | 'error'>;
}

/** `/ws/global` under the API host, http(s) rewritten to ws(s). */
export function globalSocketUrl(apiHost: string): string {
  return `${apiHost.replace(/^http/, 'ws')}${GLOBAL_SOCKET_PATH}`;
}

/**
 * The live connection of spec §4: sends AUTH on open; on an unexpected close retries up to 5 times,
 * waiting 2000 ms × attempt number, then gives up with a console warning (reconnectingSocket.ts).
 * Never opens a second socket while one is open or connecting. A successful open starts the attempt
 * count afresh. A session that ended (4001) is not reconnected.
 */
export class GlobalSocket {
  private readonly link: ReconnectingSocket;
  private readonly logger: Pick<Console, 'warn' | 'error'>;

  constructor(private readonly options: GlobalSocketOptions) {
    this.logger = options.logger ?? console;
    this.link = new ReconnectingSocket({
      url: options.url,
      name: '/ws/global',
      policy: SPEC_RECONNECT_POLICY,
      createSocket: options.createSocket,
      logger: this.logger,
      onServerRestart: options.onServerRestart,
      onOpen: (socket) => {
        this.link.backFromRestart();
        socket.send(JSON.stringify({ type: 'AUTH', token: this.options.token }));
      },
      onMessage: (data) => this.handleMessage(data),
      onClose: (event) => {
        if (event?.code !== SESSION_ENDED_CLOSE_CODE) return true;
        this.options.onSessionEnded?.();
        return false;
      },
    });
  }

  connect(): void {
    this.link.connect();
  }

  /** Closed on purpose (the user went away): no retries. */
  close(): void {
    this.link.close(1000, 'client closed');
  }

  get reconnectAttempts(): number {
    return this.link.reconnectAttempts;
  }

  private handleMessage(raw: unknown): void {
    let message: GlobalServerMessage | null;
    try {
      message = JSON.parse(String(raw)) as GlobalServerMessage;
    } catch (error) {
      this.logger.error('/ws/global: unparseable message', error);
      return;
    }
    if (message?.type === 'BALANCE_UPDATE' && message.data) {
      this.options.onBalance(message.data.userId, message.data.balance, message.data.locked);
    } else if (message?.type === 'GAME' && message.action === 'JACKPOT_UPDATE') {
      this.options.onJackpot(message.amount);
    }
  }
}
