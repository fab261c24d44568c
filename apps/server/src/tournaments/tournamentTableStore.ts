// The TableStore of a tournament table: the hand in play is written like a cash table's (table_state,
// voided_hands: the durable store's own rows), so a crash or a takeover voids it by the same rule and
// its number is never dealt again. Seats are not stored here: the director's snapshot keeps them.
import type { Database } from '../db/client.js';
import { DatabaseTableStore } from '../tables/runtime/databaseTableStore.js';
import type { DealtHand } from '../tables/runtime/ports.js';
import { MemoryTableStore } from '../tables/runtime/memoryTableStore.js';

export class TournamentTableStore extends MemoryTableStore {
  private readonly durable: DatabaseTableStore;

  constructor(db: Database) {
    super();
    this.durable = new DatabaseTableStore(db);
  }

  override handStarted(tableId: number, hand: DealtHand): Promise<void> {
    return this.durable.handStarted(tableId, hand);
  }

  override handVoided(tableId: number, hand: DealtHand, reason: string): Promise<void> {
    return this.durable.handVoided(tableId, hand, reason);
  }

  override lastHandNumber(tableId: number): Promise<number> {
    return this.durable.lastHandNumber(tableId);
  }

  /** The hand in play when the process stopped, recorded as voided (the cash tables' rule); its number. */
  async voidUnsettledHand(tableId: number, reason: 'restart' | 'takeover'): Promise<number | null> {
    const [voided] = await this.durable.voidUnsettledHands(reason, tableId);
    return voided?.handNumber ?? null;
  }
}
