// Two (or more) players at a live table over real sockets, each folding whenever asked: hands are dealt,
// end at the first action and are settled, one after another, with nothing left to chance.
import type { TableServerMessage } from '@tenger/protocol';
import type { TestPlayer } from './testServer.js';
import { WsClient } from './wsClient.js';

export type TableClient = WsClient<TableServerMessage>;

/** Opens a socket for each player, seats them in order (seat 0, 1, …) with `buyIn`, and folds for them. */
export async function seatFoldingPlayers(
  wsBase: string,
  tableId: number,
  players: TestPlayer[],
  buyIn = 5_000,
): Promise<TableClient[]> {
  const clients: TableClient[] = [];
  for (const player of players) {
    const client = await WsClient.open<TableServerMessage>(`${wsBase}/ws/table/${tableId}`);
    client.send({ type: 'AUTH', token: player.token, requestId: 'auth' });
    await client.waitFor((f) => f.type === 'SNAPSHOT' && f.viewer.userId === player.id);
    clients.push(client);
  }
  // Listening before anyone sits, so no request to act is missed.
  for (const [seat, client] of clients.entries()) {
    client.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as TableServerMessage;
      if (frame.type !== 'EVENT' || frame.event.type !== 'next-to-act' || frame.event.seat !== seat) return;
      const started = client.frames.findLast((f) => f.type === 'EVENT' && f.event.type === 'hand-started');
      if (started?.type === 'EVENT' && started.event.type === 'hand-started')
        client.send({
          type: 'ACTION',
          action: 'fold',
          handNumber: started.event.handNumber,
          requestId: 'fold',
        });
    });
  }
  for (const [seat, client] of clients.entries()) {
    client.send({ type: 'SIT', seat, amount: buyIn, requestId: 'sit' });
    await client.waitFor((f) => f.type === 'ACK' && f.requestId === 'sit');
  }
  return clients;
}

/** Resolves once every client has seen `count` hand results. */
export async function handResults(clients: TableClient[], count = 1, timeoutMs = 10_000): Promise<void> {
  const results = (c: TableClient) =>
    c.frames.filter((f) => f.type === 'EVENT' && f.event.type === 'hand-result').length;
  const deadline = Date.now() + timeoutMs;
  while (clients.some((c) => results(c) < count)) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} hand results within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
