// What the money and table code tells the operator's instruments, through Node's diagnostics_channel:
// the code that acts publishes one line (free when nobody listens) and knows nothing of Prometheus;
// ops/metrics.ts subscribes. Every process has one set of channels, so two servers started in one
// process (some tests) both hear both.
import { channel } from 'node:diagnostics_channel';

export interface HandSettledSignal {
  /** The settlement transaction (postings, hand record, fencing check), seconds. */
  seconds: number;
}
export interface HandsVoidedSignal {
  count: number;
  reason: string;
}
export interface PostingSignal {
  /** The ledger transaction kind (`buy_in`, `gameplay`, `deposit`, …). */
  kind: string;
}
export interface TableCommandSignal {
  /** SIT, ACT, LEAVE, … */
  command: string;
  /** From the command's arrival until its events were broadcast and its ACK/REJECT sent, seconds. */
  seconds: number;
  ok: boolean;
}
export interface LoginFailureSignal {
  reason: 'password' | 'refused';
}
export interface LockoutSignal {
  scope: string;
}
export interface LeaseSignal {
  tableId: number;
}

const named = <T>(name: string) => {
  const c = channel(`tenger:${name}`);
  return {
    channel: c,
    publish(message: T): void {
      if (c.hasSubscribers) c.publish(message);
    },
  };
};

/** The channels, one per kind of event an operator counts or times. */
export const opsSignals = {
  handSettled: named<HandSettledSignal>('hand:settled'),
  handsVoided: named<HandsVoidedSignal>('hand:voided'),
  posting: named<PostingSignal>('ledger:posting'),
  tableCommand: named<TableCommandSignal>('table:command'),
  loginFailure: named<LoginFailureSignal>('auth:login-failure'),
  lockout: named<LockoutSignal>('auth:lockout'),
  leaseTakeover: named<LeaseSignal>('lease:takeover'),
  fencingRefusal: named<LeaseSignal>('lease:fencing-refusal'),
};

export type OpsSignalName = keyof typeof opsSignals;

/** Seconds since `startedAt` (a `performance.now()` reading). */
export function secondsSince(startedAt: number): number {
  return (performance.now() - startedAt) / 1000;
}
