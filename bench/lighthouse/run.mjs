// `npm run lighthouse`: Lighthouse 12 (mobile, its default simulated slow-4G profile) driving Debian's
// Chromium against the built server on a fresh PGlite database. Scores `/`, `/profile`, `/table/{id}` and
// `/admin/user` (signed in where needed) and exits 1 under the targets of issue 13.
//
// Each page is measured twice: a navigation (what a visitor's first load costs: performance, best
// practices, accessibility of what shows first: the 'Tap to Fullscreen' gate) and, after the tap, a
// snapshot of the page itself (accessibility and best practices of the real content). A category's score
// is the lower of the two.
/* global fetch, console, document, localStorage */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { navigation, snapshot } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startServer } from '../load/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPORT_DIR = path.resolve(here, '..', '..', 'e2e', 'artifacts', 'lighthouse');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { username: 'lhadmin', password: 'lighthouse-admin-password', email: 'lh@bench.local' };
const PLAYER = { username: 'lhplayer', password: 'lighthouse-player-pw', email: 'lhplayer@bench.local' };

/** Issue 13's targets: performance on `/` only; accessibility and best practices everywhere. */
export const TARGETS = { performance: 0.95, accessibility: 0.95, 'best-practices': 0.95 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const SETTLE_MS = 1500;

async function main() {
  const server = await startServer({ postgresUrl: null, admin: ADMIN });
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let failed = false;
  try {
    const adminToken = await signIn(server.base, ADMIN);
    const playerToken = await registerPlayer(server.base);
    const tableId = await firstTableId(server.base);
    const pages = [
      { path: '/', token: null, performance: true },
      { path: '/profile', token: playerToken },
      { path: `/table/${tableId}`, token: playerToken },
      { path: '/admin/user', token: adminToken },
    ];
    mkdirSync(REPORT_DIR, { recursive: true });
    console.log('page'.padEnd(14), 'perf  a11y  best  transferred');
    for (const target of pages) {
      const scores = await scorePage(browser, server.base, target);
      const misses = Object.entries(TARGETS).filter(
        ([category, min]) => (category !== 'performance' || target.performance) && scores[category] < min,
      );
      if (misses.length > 0) failed = true;
      console.log(
        target.path.padEnd(14),
        CATEGORIES.map((c) => scores[c].toFixed(2)).join('  '),
        ` ${(scores.bytes / 1024).toFixed(0)} KB`,
        misses.length ? `  UNDER: ${misses.map(([c]) => c).join(', ')}` : '',
      );
      for (const line of scores.findings) console.log(`    - ${line}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(failed ? 'lighthouse: UNDER TARGET' : 'lighthouse: all targets met');
  console.log(`reports: ${path.relative(process.cwd(), REPORT_DIR)}/`);
  process.exit(failed ? 1 : 0);
}

/** Navigation then, past the gate, a snapshot; the lower score of each category and what failed. */
async function scorePage(browser, base, { path: pagePath, token }) {
  // A fresh context per page: nothing cached from the page before.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.evaluateOnNewDocument((value) => {
    localStorage.setItem('i18nextLng', 'en');
    if (value) localStorage.setItem('accessToken', value);
  }, token);
  const flags = { disableStorageReset: true, logLevel: 'error', onlyCategories: CATEGORIES };
  const nav = (await navigation(page, `${base}${pagePath}`, { flags })).lhr;
  await page.click('.fullscreen-gate');
  await page.waitForFunction(
    () => document.querySelector('.app-root') && !document.querySelector('.page-spinner, .ant-spin-spinning'),
    { timeout: 60_000 },
  );
  await delay(SETTLE_MS);
  const snap = (await snapshot(page, { flags: { logLevel: 'error', onlyCategories: CATEGORIES.slice(1) } }))
    .lhr;
  await context.close();
  const name = pagePath.replace(/\W+/g, '_') || 'root';
  writeFileSync(path.join(REPORT_DIR, `${name}.navigation.json`), JSON.stringify(nav));
  writeFileSync(path.join(REPORT_DIR, `${name}.snapshot.json`), JSON.stringify(snap));
  const score = (category) =>
    Math.min(nav.categories[category]?.score ?? 1, snap.categories[category]?.score ?? 1);
  return {
    performance: nav.categories.performance.score ?? 0,
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    bytes: nav.audits['total-byte-weight']?.numericValue ?? 0,
    findings: [...failedAudits(nav, 'navigation'), ...failedAudits(snap, 'after the tap')],
  };
}

function failedAudits(lhr, when) {
  const found = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
        found.push(`${when}: ${category.id}: ${audit.id} (${audit.displayValue ?? audit.score})`);
      }
    }
  }
  return found;
}

async function signIn(base, { username, password }) {
  const response = await fetch(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
  return (await response.json()).accessToken;
}

async function registerPlayer(base) {
  const response = await fetch(`${base}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...PLAYER,
      repeatPassword: PLAYER.password,
      acceptTerms: true,
      bank: 'Khan Bank',
      accountNumber: '5000123456',
    }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  return (await response.json()).accessToken;
}

async function firstTableId(base) {
  const tables = await (await fetch(`${base}/api/v1/user/tables`)).json();
  const list = Array.isArray(tables) ? tables : (tables.tables ?? tables.list ?? []);
  if (!list.length) throw new Error('the fresh server has no table to score');
  return list[0].tableId ?? list[0].id;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
