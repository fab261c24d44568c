/* global URL, console, process */
// Reports the gzipped JavaScript each route needs before it can show (its chunk plus every chunk it
// imports statically, plus the entry), from the Vite manifest of the last `vite build`.
// Fails (exit 1) when the lobby route is over its budget of 250 KB gzipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = new URL('../dist/', import.meta.url).pathname;
const LOBBY_BUDGET_KB = 250;
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1024;

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

// Pages other than the lobby are wrapped with antd's provider, loaded alongside them.
const ANTD = 'src/app/AntdProvider.tsx';
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const routes = {
  'shell (entry)': [entryKey],
  '/ lobby': [entryKey, 'src/features/lobby/LobbyPage.tsx'],
  '/auth/*': [entryKey, ANTD, 'src/features/auth/AuthPage.tsx'],
  '/profile': [entryKey, ANTD, 'src/features/profile/ProfilePage.tsx'],
  '/table/{id}': [entryKey, ANTD, 'src/features/table/TablePage.tsx'],
  '/admin/*': [entryKey, ANTD, 'src/features/admin/AdminRoutes.tsx'],
};

let lobbyKb = 0;
console.log('route'.padEnd(16), 'initial JS (KB gzip)');
for (const [route, keys] of Object.entries(routes)) {
  const present = keys.filter((key) => manifest[key]);
  const kb = [...closure(present)].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);
  if (route === '/ lobby') lobbyKb = kb;
  console.log(route.padEnd(16), kb.toFixed(1));
}
console.log(`lobby budget ${LOBBY_BUDGET_KB} KB: ${lobbyKb <= LOBBY_BUDGET_KB ? 'within' : 'OVER'}`);
process.exit(lobbyKb <= LOBBY_BUDGET_KB ? 0 : 1);
