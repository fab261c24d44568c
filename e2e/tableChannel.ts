import WebSocket from 'ws';

// A person on a table's channel (/ws/table/{id}) without a browser: a spec's scripted seat. It signs in,
// sends commands and waits for each one's answer; given a policy, it acts whenever its turn comes. Its seat
// and hole cards come from the snapshot and the events, so a seat the tournament director gave it plays too.

export interface Legal {
  toCall: number;
  actions: Array<{ type: string }>;
}

type Frame = {
  type: string;
  requestId?: string | null;
  code?: string;
  message?: string;
  viewer?: { seat: number | null };
  hand?: {
    handNumber: number;
    toAct: number | null;
    legal: Legal | null;
    seats: Array<{ seat: number; cards: string[] | null }>;
  } | null;
  event?: { type: string; seat?: number; handNumber?: number; cards?: string[]; legal?: Legal };
};

/** What the seat does when its turn comes, holding `cards`: an action type of the legal ones. */
export type TurnPolicy = (legal: Legal, cards: readonly string[]) => string;

/** Goes all in when it may, else calls, else checks: two of them put every chip in the first hand. */
export const allIn: TurnPolicy = (legal) => {
  const types = legal.actions.map((a) => a.type);
  return ['allin', 'call', 'check'].find((type) => types.includes(type)) ?? 'fold';
};

export class TableChannel {
  private next = 0;
  private readonly answers = new Map<string, (frame: Frame) => void>();
  private socket!: WebSocket;
  private seat: number | null = null;
  private handNumber = 0;
  private cards: string[] = [];

  private constructor(
    private readonly token: string,
    /** What it does when its turn comes (null: nothing); may be changed between hands. */
    public policy: TurnPolicy | null,
  ) {}

  /** Opens the table's channel at `address` (http://…) and signs in with `token`. */
  static async open(
    address: string,
    tableId: number,
    token: string,
    policy: TurnPolicy | null = null,
  ): Promise<TableChannel> {
    const channel = new TableChannel(token, policy);
    await channel.connect(address, tableId);
    return channel;
  }

  /** The same person at another table (the tournament director moved them): a new socket, signed in. */
  async moveTo(address: string, tableId: number): Promise<void> {
    this.socket.terminate();
    await this.connect(address, tableId);
  }

  /** Sends a command and resolves with its ACK; a REJECT fails with its code and message. */
  async command(message: { type: string } & Record<string, unknown>): Promise<void> {
    const requestId = `r${++this.next}`;
    const answer = new Promise<Frame>((resolve) => this.answers.set(requestId, resolve));
    this.socket.send(JSON.stringify({ ...message, requestId }));
    const frame = await answer;
    if (frame.type !== 'ACK') throw new Error(`${message.type} refused: ${frame.code} ${frame.message}`);
    if (message.type === 'SIT') this.seat = message.seat as number;
  }

  close(): void {
    this.socket.terminate();
  }

  private async connect(address: string, tableId: number): Promise<void> {
    const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/ws/table/${tableId}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    this.socket = socket;
    this.seat = null;
    this.cards = [];
    socket.on('message', (data) => this.frame(JSON.parse(String(data)) as Frame));
    await this.command({ type: 'AUTH', token: this.token });
  }

  private frame(frame: Frame): void {
    if ((frame.type === 'ACK' || frame.type === 'REJECT') && frame.requestId) {
      this.answers.get(frame.requestId)?.(frame);
      this.answers.delete(frame.requestId);
      return;
    }
    if (frame.type === 'SNAPSHOT') {
      this.seat = frame.viewer?.seat ?? null;
      const hand = frame.hand;
      if (!hand) return;
      this.handNumber = hand.handNumber;
      this.cards = hand.seats.find((s) => s.seat === this.seat)?.cards ?? [];
      if (hand.toAct !== null && hand.toAct === this.seat && hand.legal) this.act(hand.legal);
      return;
    }
    const event = frame.type === 'EVENT' ? frame.event : undefined;
    if (event?.type === 'hand-started') {
      this.handNumber = event.handNumber ?? this.handNumber;
      this.cards = [];
    } else if (event?.type === 'hole-cards-dealt' && event.seat === this.seat && event.cards) {
      this.cards = event.cards;
    } else if (event?.type === 'next-to-act' && event.seat === this.seat && event.legal) {
      this.act(event.legal);
    }
  }

  private act(legal: Legal): void {
    if (!this.policy) return;
    const action = this.policy(legal, this.cards);
    this.socket.send(JSON.stringify({ type: 'ACTION', action, handNumber: this.handNumber }));
  }
}
