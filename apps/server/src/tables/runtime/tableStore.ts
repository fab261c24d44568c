// The TableStore kept in this process's memory: seats and departures survive nothing but a
// table's runtime being rebuilt. A durable store (database) implements the same port.
import type { Departure, StoredSeat, TableStore } from './ports.js';

export class MemoryTableStore implements TableStore {
  private readonly seats = new Map<number, StoredSeat[]>();
  private readonly departures = new Map<string, Departure>();

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
}
