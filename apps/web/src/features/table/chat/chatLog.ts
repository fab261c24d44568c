import type { ChatLine, ChatServerMessage } from '@tenger/protocol';
import type { BestHand } from '../handName';
import type { HandResultView } from '../tableState';

/**
 * The table's chat log as this browser shows it: players' lines from the server and the dealer's lines
 * (who won what), made here from the hand results the table already sends, in the order they happened.
 * Pure functions; the hook in useTableChat.ts keeps the state.
 */
export type ChatEntry =
  | { kind: 'chat'; key: string; line: ChatLine }
  | {
      kind: 'dealer';
      key: string;
      time: number;
      handNumber: number;
      username: string;
      amount: number;
      /** The winning hand when it was shown down (named in the viewer's language when shown). */
      best: BestHand | null;
    };

/** The most entries kept in the browser. */
export const CHAT_ENTRIES_KEPT = 150;

/**
 * The log after a CHAT frame: new lines append in the order they arrive (that is how they interleave
 * with the dealer's); the recent lines sent on (re)joining replace the players' lines, by time.
 */
export function applyChat(entries: readonly ChatEntry[], message: ChatServerMessage): ChatEntry[] {
  const kept = message.history ? entries.filter((entry) => entry.kind === 'dealer') : [...entries];
  const known = new Set(kept.map((entry) => entry.key));
  for (const line of message.lines) {
    const key = `chat:${line.id}`;
    if (!known.has(key)) kept.push({ kind: 'chat', key, line });
  }
  return trim(message.history ? sortByTime(kept) : kept);
}

/** The log after a hand result: one dealer line per winner (several pots to one player add up). */
export function applyHandResult(
  entries: readonly ChatEntry[],
  result: HandResultView,
  seatInfo: (seat: number) => { username: string; best: BestHand | null },
  time: number,
): ChatEntry[] {
  if (entries.some((entry) => entry.kind === 'dealer' && entry.handNumber === result.handNumber)) {
    return [...entries];
  }
  const won = new Map<number, number>();
  for (const winner of result.winners) won.set(winner.seat, (won.get(winner.seat) ?? 0) + winner.amount);
  const lines: ChatEntry[] = [...won].map(([seat, amount]) => ({
    kind: 'dealer',
    key: `dealer:${result.handNumber}:${seat}`,
    time,
    handNumber: result.handNumber,
    amount,
    ...seatInfo(seat),
  }));
  return trim([...entries, ...lines]);
}

/** What the viewer reads: without the players they muted (their own lines always show). */
export function visibleEntries(entries: readonly ChatEntry[], muted: ReadonlySet<number>): ChatEntry[] {
  return entries.filter((entry) => entry.kind === 'dealer' || !muted.has(entry.line.userId));
}

function timeOf(entry: ChatEntry): number {
  return entry.kind === 'chat' ? entry.line.time : entry.time;
}

function sortByTime(entries: ChatEntry[]): ChatEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => timeOf(a.entry) - timeOf(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}

function trim(entries: ChatEntry[]): ChatEntry[] {
  return entries.length > CHAT_ENTRIES_KEPT ? entries.slice(-CHAT_ENTRIES_KEPT) : entries;
}
