import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN, type TestServer } from '../testing/testServer.js';
import { createTestTable } from '../testing/testTables.js';
import { API_DOCS_PATH, OPENAPI_PATH } from './apiReference.js';
import { API_ROUTES } from './apiRoutes.js';
import { routesOf } from './routeCatalog.js';

describe('the API reference generated from the zod schemas', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  const key = (method: string, path: string) => `${method} ${path}`;

  it('names every registered HTTP route, and no route that is not registered', () => {
    const referenced = new Set(API_ROUTES.map((r) => key(r.method, r.path)));
    const registered = routesOf(t.app).filter(
      (r) =>
        !r.websocket &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        r.url !== OPENAPI_PATH &&
        r.url !== API_DOCS_PATH,
    );
    expect(
      registered.filter((r) => !referenced.has(key(r.method, r.url))).map((r) => key(r.method, r.url)),
    ).toEqual([]);
    const live = new Set(registered.map((r) => key(r.method, r.url)));
    expect([...referenced].filter((k) => !live.has(k))).toEqual([]);
  });

  it('serves OpenAPI 3.1 with every route, and a page a person can read', async () => {
    const response = await t.call({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(operations).toBe(API_ROUTES.length);
    expect(document.paths['/api/v1/user/block/{name}'].get).toMatchObject({
      parameters: [{ name: 'name', in: 'path', required: true }],
    });
    expect(document.paths['/api/v1/user/login'].post).toMatchObject({
      requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
    });
    const page = await t.call({ method: 'GET', url: API_DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('GET /api/v1/user/tables');
  });

  it('every GET that needs no parameter answers what its schema says (as an administrator, on a seeded site)', async () => {
    await createTestTable(t);
    const player = await t.player(10_000);
    const checked: string[] = [];
    for (const route of API_ROUTES) {
      if (route.method !== 'GET' || !route.response || route.params) continue;
      if (route.query && !route.query.safeParse({}).success) continue;
      const token = route.path.startsWith('/api/v1/admin') ? t.admin.token : player.token;
      const response = await t.call({ method: 'GET', url: route.path, token });
      expect({ route: route.path, status: response.statusCode }).toEqual({ route: route.path, status: 200 });
      const parsed = route.response.safeParse(response.json());
      expect({ route: route.path, issues: parsed.error?.issues ?? [] }).toEqual({
        route: route.path,
        issues: [],
      });
      checked.push(route.path);
    }
    expect(checked.length).toBeGreaterThan(20);
  });

  it('a login answers what its schema says', async () => {
    const route = API_ROUTES.find((r) => r.method === 'POST' && r.path === '/api/v1/user/login')!;
    const response = await t.call({
      method: 'POST',
      url: route.path,
      payload: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
    });
    expect(
      route.body!.safeParse({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }).success,
    ).toBe(true);
    expect(route.response!.safeParse(response.json()).success).toBe(true);
  });
});
