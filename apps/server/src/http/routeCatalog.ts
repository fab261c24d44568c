import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route's path pattern, e.g. `/api/v1/admin/block/:name`. */
  url: string;
  websocket: boolean;
}

const catalogs = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Starts recording every route registered on `app` (call before any route is added). */
export function catalogRoutes(app: FastifyInstance): void {
  const list: RouteEntry[] = [];
  catalogs.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      list.push({ method, url: route.url, websocket: !!(route as { websocket?: boolean }).websocket });
    }
  });
}

/** Every route of the app (for tests that must reach all of them, such as the fuzz test). */
export function routesOf(app: FastifyInstance): RouteEntry[] {
  return [...(catalogs.get(app) ?? [])];
}
