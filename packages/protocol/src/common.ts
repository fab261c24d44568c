import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './rules.js';

// ---- strings from clients ----
// Every string a client sends (HTTP body, query, params, WebSocket frame) is parsed by one of these two
// helpers, so control characters are refused in one place with a 400 and a field message, before any
// service or database sees them. Responses may use plain z.string().

/** C0 controls, DEL, C1 controls and (with the u flag) lone UTF-16 surrogates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_TEXT = /^[^\u0000-\u001f\u007f-\u009f\ud800-\udfff]*$/u;
/** The same, except tab, line feed and carriage return, which multi-line texts may hold. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]*$/u;
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';

/** A one-line string from a client: names, usernames, emails, passwords, tokens, query values. */
export function singleLineText() {
  return z.string().regex(SINGLE_LINE_TEXT, CONTROL_CHARACTER_MESSAGE);
}

/** A string from a client that may span lines (notes, content block bodies, rules, messages). */
export function multiLineText() {
  return z.string().regex(MULTI_LINE_TEXT, CONTROL_CHARACTER_MESSAGE);
}

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
export const IdQuerySchema = singleLineText()
  .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number')
  .transform(Number)
  .pipe(IdSchema);

export const IsoDateSchema = z.string();

/** The first and last calendar day any date query may name; outside them a query is bad input. */
export const CALENDAR_DAY_MIN = '2000-01-01';
export const CALENDAR_DAY_MAX = '2999-12-31';
/** A calendar day, YYYY-MM-DD, that exists and lies within CALENDAR_DAY_MIN..CALENDAR_DAY_MAX. */
export const CalendarDaySchema = singleLineText()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date, YYYY-MM-DD')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'No such date')
  .refine(
    (day) => day >= CALENDAR_DAY_MIN && day <= CALENDAR_DAY_MAX,
    `Must be between ${CALENDAR_DAY_MIN} and ${CALENDAR_DAY_MAX}`,
  );

/** `?from=&to=`: calendar days (UTC), both included, `to` not before `from`, at most `maxDays` days. */
export function dayRangeQuery(maxDays: number) {
  return z
    .object({ from: CalendarDaySchema, to: CalendarDaySchema })
    .refine((q) => q.from <= q.to, {
      message: 'The end date must not be before the start date',
      path: ['to'],
    })
    .refine(
      (q) => (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < maxDays,
      { message: `At most ${maxDays} days at a time`, path: ['to'] },
    );
}

export const LanguageSchema = z.enum(['en', 'mn']);
export type Language = z.infer<typeof LanguageSchema>;

/** A text in both interface languages. */
export const LocalizedTextSchema = z.object({
  en: multiLineText().max(20_000),
  mn: multiLineText().max(20_000),
});
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** A `limit` query parameter: a positive whole number (at most three digits) up to `max`. */
export function limitQuery(max: number, message = 'Must be a positive whole number') {
  return singleLineText()
    .regex(/^[1-9][0-9]{0,2}$/, message)
    .transform(Number)
    .pipe(z.int().min(1).max(max));
}

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Paging query: `page` is 1-based. */
export const PageQuerySchema = z.object({
  page: singleLineText()
    .regex(/^[1-9][0-9]{0,6}$/, 'Must be a positive whole number')
    .transform(Number)
    .optional(),
  pageSize: singleLineText()
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

/** Every error leaves the server in this one shape; the codes are listed in rules.ts. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type { ErrorCode };

export const ErrorResponseSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
