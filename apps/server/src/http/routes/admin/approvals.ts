import type { FastifyInstance } from 'fastify';
import { CloseRequestSchema, GrantIdQuerySchema, type ApprovalQueue, type RoleGrant } from '@tenger/protocol';
import { approvalQueue } from '../../../fourEyes/approvalQueue.js';
import type { Services } from '../../../services.js';
import { presentAdminDeposit, presentAdminWithdrawal, presentRoleGrant } from '../../presenters.js';
import { parseInput } from '../../validation.js';
import { actorOf } from './adminContext.js';

/** Four-eyes: GET /approvals (what waits for whom), PUT /role-grant/confirm|cancel|reject?grantId=. */
export function adminApprovalRoutes(app: FastifyInstance, services: Services): void {
  app.get('/approvals', async (request): Promise<ApprovalQueue> => {
    const queue = await approvalQueue(services, actorOf(request));
    const may = ({ youMayApprove, youMayCancel }: { youMayApprove: boolean; youMayCancel: boolean }) => ({
      youMayApprove,
      youMayCancel,
    });
    return {
      deposits: queue.deposits.map((d) => ({ ...presentAdminDeposit(d), ...may(d) })),
      withdrawals: queue.withdrawals.map((w) => ({ ...presentAdminWithdrawal(w), ...may(w) })),
      roleGrants: queue.roleGrants.map((g) => ({ ...presentRoleGrant(g), ...may(g) })),
    };
  });

  app.put('/role-grant/confirm', async (request): Promise<RoleGrant> => {
    const { grantId } = parseInput(GrantIdQuerySchema, request.query, 'query');
    const grant = await services.roleGrants.confirm(actorOf(request), grantId);
    services.hub.disconnectUser(grant.userId);
    return presentRoleGrant(grant);
  });

  app.put('/role-grant/cancel', async (request): Promise<RoleGrant> => {
    const { grantId } = parseInput(GrantIdQuerySchema, request.query, 'query');
    const { reason } = parseInput(CloseRequestSchema, request.body);
    return presentRoleGrant(await services.roleGrants.cancel(actorOf(request), grantId, reason));
  });

  app.put('/role-grant/reject', async (request): Promise<RoleGrant> => {
    const { grantId } = parseInput(GrantIdQuerySchema, request.query, 'query');
    const { reason } = parseInput(CloseRequestSchema, request.body);
    return presentRoleGrant(await services.roleGrants.reject(actorOf(request), grantId, reason));
  });
}
