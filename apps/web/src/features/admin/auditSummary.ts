import type { AuditItem } from '@tenger/protocol';
import { AUDIT_SUMMARY_CODES, AUDIT_SUMMARY_WORD_PARAMS, AUDIT_SUMMARY_WORDS } from '@tenger/protocol/audit';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';

/** Parameters that hold whole tugriks. */
const MONEY_PARAMS = new Set(['amount', 'total', 'buyIn', 'fee', 'stack', 'seatAccount']);
const WORD_PARAMS = new Set<string>(AUDIT_SUMMARY_WORD_PARAMS);
const WORDS = new Set<string>(AUDIT_SUMMARY_WORDS);

/**
 * An audit row's summary in the reader's language (issue 23): the text of its code with its parameters
 * (money formatted, fixed words such as `on` or `blocked` translated, names and reasons as written). A row
 * without a code (written before the codes) or with a code this panel does not know shows the stored
 * English text.
 */
export function auditSummaryText(item: AuditItem, t: TFunction, language: string): string {
  const code = item.summaryCode;
  if (!code || !Object.hasOwn(AUDIT_SUMMARY_CODES, code)) return item.summary;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(item.summaryParams ?? {})) {
    params[name] =
      typeof value === 'number' && MONEY_PARAMS.has(name)
        ? formatMoney(value, language)
        : typeof value === 'string' && WORD_PARAMS.has(name) && WORDS.has(value)
          ? t(`admin.audit.words.${value}`)
          : name === 'period'
            ? t(`protection.exclusion.periods.${value}`, { defaultValue: String(value) })
            : name === 'until' || name === 'startsAt'
              ? formatDateTime(String(value), language)
              : String(value);
  }
  return t(`admin.audit.summaries.${code}`, { ...params, defaultValue: item.summary });
}
