import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../src/testing/testServer.js';

// The web app's files as a browser on a slow phone meets them: compressed copies made at build time,
// hashed assets cached for a year, the page shell always revalidated, API answers compressed above 1 KB.
describe('web assets and API compression', () => {
  let t: TestServer;
  const script = `console.log(${JSON.stringify('tenger '.repeat(2000))});`;
  const shell = `<!doctype html><html><body>${'<div>lobby</div>'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'tenger-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const asset = path.join(dist, 'assets', 'app-Ab12Cd34.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    writeFileSync(path.join(dist, 'index.html'), shell);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(shell));
    t = await startTestServer({ config: { webDist: dist } });
  });
  afterAll(() => t.close());

  it('a hashed asset goes as brotli (or gzip) with Vary and a year of immutable caching', async () => {
    const br = await t.call({
      method: 'GET',
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.call({
      method: 'GET',
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.call({
      method: 'GET',
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('the page shell, at / and at any app route, is compressed and must be revalidated', async () => {
    for (const url of ['/', '/index.html', '/profile', '/table/3']) {
      const res = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(shell);
    }
  });

  it('API JSON above 1 KB is compressed; small answers and errors are not', async () => {
    for (let i = 0; i < 12; i += 1) await t.player(0);
    const many = await t.call({
      method: 'GET',
      url: '/api/v1/admin/user/search?pageSize=100',
      token: t.admin.token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(many.rawPayload.length).toBeLessThan(gunzipSync(many.rawPayload).length);
    expect(many.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(many.rawPayload).toString()).total).toBeGreaterThanOrEqual(13);

    const small = await t.call({
      method: 'GET',
      url: '/api/v1/user/maintenance',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('enabled');
    const missing = await t.call({
      method: 'GET',
      url: '/api/v1/nothing',
      headers: { 'accept-encoding': 'br' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });
});
