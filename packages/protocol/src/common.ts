import { z } from 'zod';

/** The largest amount of tugrik any single request may carry (one trillion ₮). */
export const MAX_AMOUNT = 1_000_000_000_000;

/** Whole tugrik, never negative, never a float, never beyond MAX_AMOUNT. */
export const MoneySchema = z.int().min(0).max(MAX_AMOUNT);
/** A positive whole number of tugrik, as requests for money movements take. */
export const PositiveAmountSchema = z.int().min(1).max(MAX_AMOUNT);

/** The largest row id (PostgreSQL `integer`); larger ids cannot exist and are refused as bad input. */
export const MAX_ID = 2_147_483_647;
/** Row ids are positive integers; in query strings they arrive as digit strings. */
export const IdSchema = z.int().min(1).max(MAX_ID);
export const IdQuerySchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number')
  .transform(Number)
  .pipe(IdSchema);

export const IsoDateSchema = z.string();

export const LanguageSchema = z.enum(['en', 'mn']);
export type Language = z.infer<typeof LanguageSchema>;

/** A text in both interface languages. */
export const LocalizedTextSchema = z.object({
  en: z.string().max(20_000),
  mn: z.string().max(20_000),
});
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Paging query: `page` is 1-based. */
export const PageQuerySchema = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,6}$/, 'Must be a positive whole number')
    .transform(Number)
    .optional(),
  pageSize: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.int().max(PAGE_SIZE_MAX))
    .optional(),
});
export type PageQuery = z.input<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.int().min(0),
    page: z.int().min(1),
    pageSize: z.int().min(1),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Every error leaves the server in this one shape. */
export const ErrorCodeSchema = z.enum([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'login_failed',
  'forbidden',
  'account_blocked',
  'not_found',
  'conflict',
  'duplicate',
  'insufficient_funds',
  'already_resolved',
  'idempotency_conflict',
  'table_busy',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'maintenance',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorResponseSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
