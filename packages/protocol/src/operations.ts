// What the operator's probes answer: GET /healthz and GET /readyz (docs/operations.md).
import { z } from 'zod';

export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

/** One readiness check: ok, or why not. */
export const ReadinessCheckSchema = z.enum(['ok', 'draining', 'behind', 'unreachable']);
export type ReadinessCheck = z.infer<typeof ReadinessCheckSchema>;

export const ReadinessSchema = z.object({
  /** `ready` (200) or `unavailable` (503). */
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: ReadinessCheckSchema,
    /** The newest migration applied is the newest the server knows. */
    migrations: ReadinessCheckSchema,
    /** Only with REDIS_URL. */
    redis: ReadinessCheckSchema.optional(),
    /** `draining` from SIGTERM on. */
    draining: ReadinessCheckSchema,
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
