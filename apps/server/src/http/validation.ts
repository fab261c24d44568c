import type { z } from 'zod';
import { AppError } from '../errors.js';

/** Parses client input with a protocol schema; a mismatch is a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = 'request'): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || what;
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0];
  const message = first && first.path.length > 0 ? first.message : `Invalid ${what}`;
  throw new AppError(400, 'validation_failed', message, fields);
}
