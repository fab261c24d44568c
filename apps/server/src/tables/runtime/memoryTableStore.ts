// The TableStore kept in this process's memory: seats and departures survive nothing but a
// table's runtime being rebuilt. A durable store (database) implements the same port.
import type { DealtHand, Departure, StoredSeat, TableStore } from './ports.js';

export class MemoryTableStore implements TableStore {
  private readonly seats = new Map<number, StoredSeat[]>();
  private readonly departures = new Map<string, Departure>();
  private readonly handNumbers = new Map<number, number>();
  readonly voided: Array<DealtHand & { tableId: number; reason: string }> = [];
  readonly simulating = new Set<number>();

  async saveSeats(tableId: number, seats: readonly StoredSeat[]): Promise<void> {
    this.seats.set(
      tableId,
      seats.map((s) => ({ ...s })),
    );
  }

  async loadSeats(tableId: number): Promise<StoredSeat[]> {
    return (this.seats.get(tableId) ?? []).map((s) => ({ ...s }));
  }

  async recordDeparture(tableId: number, userId: number, departure: Departure): Promise<void> {
    this.departures.set(`${tableId}:${userId}`, { ...departure });
  }

  async lastDeparture(tableId: number, userId: number): Promise<Departure | null> {
    return this.departures.get(`${tableId}:${userId}`) ?? null;
  }

  async handStarted(tableId: number, hand: DealtHand): Promise<void> {
    this.handNumbers.set(tableId, Math.max(this.handNumbers.get(tableId) ?? 0, hand.handNumber));
  }

  async handVoided(tableId: number, hand: DealtHand, reason: string): Promise<void> {
    this.voided.push({ ...hand, tableId, reason });
  }

  async lastHandNumber(tableId: number): Promise<number> {
    return this.handNumbers.get(tableId) ?? 0;
  }

  async setSimulation(tableId: number, on: boolean): Promise<void> {
    if (on) this.simulating.add(tableId);
    else this.simulating.delete(tableId);
  }
}
