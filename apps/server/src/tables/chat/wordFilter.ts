// The chat's word filter: a short list per language of words nobody should read at the table. A word
// that matches is masked with asterisks (same length), the rest of the line stays. Chat at a table is
// often in both languages at once, so every list applies to every line.
//
// An entry ending in `*` is a stem: it masks every word that begins with it (Mongolian and English
// add endings: "новшийн", "fucking"). Other entries mask only the exact word. Matching ignores case.

/** Per language: the words masked. Small on purpose; operators extend them here. */
export const CHAT_WORD_LISTS: Record<'en' | 'mn', readonly string[]> = {
  en: [
    'fuck*',
    'motherfuck*',
    'shit',
    'shits',
    'shitty',
    'bullshit',
    'cunt*',
    'bitch*',
    'asshole*',
    'bastard*',
    'dick',
    'dickhead*',
    'whore*',
    'slut*',
    'nigger*',
    'faggot*',
    'retard*',
  ],
  mn: ['новш*', 'янхан*', 'гичий*', 'пизд*', 'хуй*', 'баас', 'баасан', 'гөлөг*', 'муусайн*', 'бөгс*'],
};

const LETTER = '\\p{L}\\p{M}\\p{N}';

/** A filter for the given lists; `maskWords` below uses the site's lists. */
export function wordFilter(lists: Record<string, readonly string[]>): (text: string) => string {
  const alternatives = Object.values(lists)
    .flat()
    .map((entry) => (entry.endsWith('*') ? `${escape(entry.slice(0, -1))}[${LETTER}]*` : escape(entry)));
  if (alternatives.length === 0) return (text) => text;
  const pattern = new RegExp(`(?<![${LETTER}])(?:${alternatives.join('|')})(?![${LETTER}])`, 'giu');
  return (text) => text.replace(pattern, (word) => '*'.repeat([...word].length));
}

/** Masks the words of every language's list in a chat line. */
export const maskWords = wordFilter(CHAT_WORD_LISTS);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
