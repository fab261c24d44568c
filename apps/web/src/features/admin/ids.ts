/** A positive whole-number id from a URL (query string or path), or undefined. */
export function positiveId(value: string | null | undefined): number | undefined {
  if (!value || !/^[1-9][0-9]{0,14}$/.test(value)) return undefined;
  return Number(value);
}
