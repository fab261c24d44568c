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

/** One server process as the admin "System" page shows it (GET /api/v1/admin/system). */
export const SystemProcessSchema = z.object({
  /** NODE_ID. */
  nodeId: z.string(),
  /** The server's package version and the Node.js version it runs on. */
  version: z.string(),
  nodeVersion: z.string(),
  /** Process id on its host, and the host's name. */
  pid: z.number().int(),
  host: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  /** Live tables this process runs (holds the lease of). */
  tablesOwned: z.number().int().nonnegative(),
  /** Open WebSockets on this process by channel. */
  sockets: z.object({ global: z.number().int().nonnegative(), table: z.number().int().nonnegative() }),
  /** Event-loop delay since the previous report, milliseconds: mean and 99th percentile. */
  eventLoopLagMs: z.object({ mean: z.number().nonnegative(), p99: z.number().nonnegative() }),
  memory: z.object({
    rssBytes: z.number().int().nonnegative(),
    heapUsedBytes: z.number().int().nonnegative(),
  }),
  /** The process's own /readyz at the time of its report. */
  ready: z.boolean(),
  checks: ReadinessSchema.shape.checks,
  /** When this report was made (ISO time), and how old it was when answered, seconds. */
  reportedAt: z.string(),
  ageSeconds: z.number().nonnegative(),
  /** `silent`: not heard from for three report intervals (stopped, cut off, or gone). */
  status: z.enum(['live', 'silent']),
});
export type SystemProcess = z.infer<typeof SystemProcessSchema>;

export const SystemStatusSchema = z.object({
  /** The process that answered. */
  answeredBy: z.string(),
  /** How often each process reports, seconds. */
  reportEverySeconds: z.number().positive(),
  processes: z.array(SystemProcessSchema),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;
