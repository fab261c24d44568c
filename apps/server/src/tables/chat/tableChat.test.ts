// The chat history a joining viewer gets, on a fake ChatService: one read per table per turn of the event
// loop, made after every viewer of that turn joined; a viewer that left before it came gets nothing.
import { describe, expect, it } from 'vitest';
import type { ChatLine, TableServerMessage } from '@tenger/protocol';
import type { ClusterBus } from '../../cluster/clusterBus.js';
import type { ChatService } from './chatService.js';
import { TableChat } from './tableChat.js';

const line = (id: number, text: string): ChatLine =>
  ({ id, userId: 1, username: 'bat', text, at: new Date(0).toISOString() }) as unknown as ChatLine;

function setup() {
  const reads: number[] = [];
  const stored = new Map<number, ChatLine[]>([
    [1, [line(1, 'sain uu')]],
    [2, [line(2, 'gg')]],
  ]);
  const chat = {
    recent: async (tableId: number) => {
      reads.push(tableId);
      return stored.get(tableId) ?? [];
    },
  } as unknown as ChatService;
  const bus = { subscribe: () => () => undefined } as unknown as ClusterBus;
  const viewer = () => {
    const got: TableServerMessage[] = [];
    return { got, send: (m: TableServerMessage) => void got.push(m) };
  };
  return { tableChat: new TableChat(chat, bus), reads, stored, viewer };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('table chat history on joining', () => {
  it("six viewers of a table joining in one turn share one read; another table's viewer has its own", async () => {
    const { tableChat, reads, viewer } = setup();
    const six = Array.from({ length: 6 }, viewer);
    for (const v of six) tableChat.join(1, v);
    const other = viewer();
    tableChat.join(2, other);
    await settle();
    expect(reads.sort()).toEqual([1, 2]);
    for (const v of six)
      expect(v.got).toEqual([{ type: 'CHAT', lines: [line(1, 'sain uu')], history: true }]);
    expect(other.got).toEqual([{ type: 'CHAT', lines: [line(2, 'gg')], history: true }]);
  });

  it('the read is made after the joins of its turn: a line stored meanwhile is in the history', async () => {
    const { tableChat, stored, viewer } = setup();
    const first = viewer();
    tableChat.join(1, first);
    stored.set(1, [line(1, 'sain uu'), line(3, 'said just now')]);
    const second = viewer();
    tableChat.join(1, second);
    await settle();
    for (const v of [first, second]) expect(v.got[0]).toMatchObject({ lines: [{ id: 1 }, { id: 3 }] });
  });

  it('a later turn reads again; a viewer that left before the read came gets nothing', async () => {
    const { tableChat, reads, viewer } = setup();
    const gone = viewer();
    tableChat.join(1, gone);
    tableChat.leave(1, gone);
    await settle();
    expect(gone.got).toEqual([]);
    const later = viewer();
    tableChat.join(1, later);
    await settle();
    expect(reads).toEqual([1, 1]);
    expect(later.got).toHaveLength(1);
  });
});
