// A table's numbered event log: every event gets the next sequence number, the last `size` are kept
// so a reconnecting viewer can RESUME from its last seq (or is told to take a fresh snapshot).
import type { LogEntry, LogEntryBody } from './viewerDoor.js';

export class EventLog {
  private readonly entries: LogEntry[] = [];
  private seq = 0;

  constructor(private readonly size: number) {}

  /** The sequence number of the newest event (0 before the first). */
  get lastSeq(): number {
    return this.seq;
  }

  append(body: LogEntryBody): LogEntry {
    const entry: LogEntry = { ...body, seq: ++this.seq };
    this.entries.push(entry);
    if (this.entries.length > this.size) this.entries.shift();
    return entry;
  }

  /** Drops the kept events (the table closed for good: a RESUME then gets a fresh snapshot). */
  forget(): void {
    this.entries.length = 0;
  }

  /** The events after `lastSeq`, or null when they are no longer kept (or never were). */
  since(lastSeq: number): LogEntry[] | null {
    const first = this.entries[0]?.seq ?? this.seq + 1;
    if (lastSeq > this.seq || lastSeq < first - 1) return null;
    return this.entries.filter((e) => e.seq > lastSeq);
  }
}
