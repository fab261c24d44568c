// The admin API as the money tests call it: as a given administrator (or the site's first), and the
// balance adjustments they make, against a test server started later (in beforeAll).
import type { TestServer } from './testServer.js';

export function adminCalls(server: () => TestServer) {
  const as = (token: string) => (method: string, path: string, payload?: object, headers?: object) =>
    server().call({
      method: method as 'GET',
      url: `/api/v1/admin${path}`,
      payload,
      token,
      headers: headers as never,
    });
  const admin = (method: string, path: string, payload?: object, headers?: object) =>
    as(server().admin.token)(method, path, payload, headers);
  return {
    as,
    admin,
    /** A balance adjustment with its reason, by the site's first administrator unless `token` says who. */
    adjust: (
      userId: number,
      direction: 'credit' | 'debit',
      amount: number,
      reason: string,
      token = server().admin.token,
    ) => as(token)('POST', '/adjustment', { userId, direction, amount, reason }),
    /** A user's available balance. */
    available: async (userId: number) => (await server().services.ledger.balancesOf(userId)).available,
  };
}
