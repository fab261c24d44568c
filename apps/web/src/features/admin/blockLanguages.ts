import type { LocalizedText } from '@tenger/protocol';

type Language = keyof LocalizedText;

/**
 * An edit of a block that changed one language's text and left the other as it was: readers of the other
 * language keep the old text, which the admin is told before saving (issue 23). Null when both or neither
 * changed.
 */
export function oneLanguageChanged(
  before: LocalizedText,
  after: Partial<LocalizedText>,
): { changed: Language; other: Language } | null {
  const differs = (language: Language) => (after[language] ?? '').trim() !== before[language].trim();
  if (differs('en') && !differs('mn')) return { changed: 'en', other: 'mn' };
  if (differs('mn') && !differs('en')) return { changed: 'mn', other: 'en' };
  return null;
}
