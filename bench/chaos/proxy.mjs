// One fault proxy (apps/server/src/ops/faultProxy.ts) in a process of its own, so that relaying every
// byte between the servers and PostgreSQL or Redis never waits on the bench's own work (its polling
// client, its queries). The parent sends 'cut', 'heal' and 'close' over IPC; the child answers each with
// 'done' and says its port first.
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server');
const { FaultProxy } = await import(path.join(serverDir, 'dist/ops/faultProxy.js'));
const [host, port] = process.argv.slice(2);
const proxy = await FaultProxy.start({ host, port: Number(port) });
process.send({ port: proxy.port });
process.on('message', async (command) => {
  if (command === 'cut') proxy.cut();
  else if (command === 'heal') proxy.heal();
  else if (command === 'close') {
    await proxy.close();
    process.send('done', () => process.exit(0));
    return;
  }
  process.send('done');
});
process.on('disconnect', () => process.exit(0));
