import { afterEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '../../api/userApi';
import { createStore } from '../../app/store';
import { adminEndpoints } from './adminEndpoints';
import { signedInAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const page = { items: [], total: 0, page: 1, pageSize: 20 };

async function settle() {
  await new Promise((r) => setTimeout(r, 30));
}

describe('the admin API calls', () => {
  it('deleting a user refreshes withdrawals, deposits and users', async () => {
    const server = stubServer({
      'GET /api/v1/admin/withdrawal': [200, page],
      'GET /api/v1/admin/deposit': [200, page],
      'GET /api/v1/admin/user/search': [200, page],
      'DELETE /api/v1/admin/user': [200, {}],
    });
    const store = createStore({ auth: signedInAdmin });
    store.dispatch(adminEndpoints.endpoints.getWithdrawals.initiate({ page: 1, pageSize: 20 }));
    store.dispatch(adminEndpoints.endpoints.getDeposits.initiate({ page: 1, pageSize: 20 }));
    store.dispatch(adminEndpoints.endpoints.searchUsers.initiate({ page: 1, pageSize: 20 }));
    await settle();
    await store.dispatch(adminEndpoints.endpoints.deleteUser.initiate(7)).unwrap();
    await settle();
    expect(server.calls('DELETE', '/api/v1/admin/user')[0].query.get('userId')).toBe('7');
    for (const path of ['withdrawal', 'deposit', 'user/search']) {
      expect(server.calls('GET', `/api/v1/admin/${path}`)).toHaveLength(2);
    }
  });

  it("a table change refreshes the admin's table list and the lobby's", async () => {
    const server = stubServer({
      'GET /api/v1/admin/table': [200, []],
      'GET /api/v1/user/tables': [200, []],
      'DELETE /api/v1/admin/table': [200, { message: 'Table deleted' }],
    });
    const store = createStore({ auth: signedInAdmin });
    store.dispatch(adminEndpoints.endpoints.getTables.initiate());
    store.dispatch(userApi.endpoints.getTables.initiate());
    await settle();
    await store.dispatch(adminEndpoints.endpoints.deleteTable.initiate(3)).unwrap();
    await settle();
    expect(server.calls('GET', '/api/v1/admin/table')).toHaveLength(2);
    expect(server.calls('GET', '/api/v1/user/tables')).toHaveLength(2);
  });

  it('reads the simulation answers as text', async () => {
    stubServer({ 'PUT /api/v1/admin/table/simulate': [200, 'Simulation started'] });
    const store = createStore({ auth: signedInAdmin });
    await expect(store.dispatch(adminEndpoints.endpoints.startSimulation.initiate(3)).unwrap()).resolves.toBe(
      'Simulation started',
    );
  });

  it('sends the deposit with its Idempotency-Key header and without the key in the body', async () => {
    const server = stubServer({ 'POST /api/v1/admin/deposit': [201, {}] });
    const store = createStore({ auth: signedInAdmin });
    await store
      .dispatch(
        adminEndpoints.endpoints.createDeposit.initiate({ userId: 7, amount: 5000, idempotencyKey: 'k-1' }),
      )
      .unwrap();
    const [post] = server.calls('POST', '/api/v1/admin/deposit');
    expect(post.headers.get('Idempotency-Key')).toBe('k-1');
    expect(post.body).toEqual({ userId: 7, amount: 5000 });
  });
});
