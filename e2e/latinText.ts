import type { Page } from '@playwright/test';

/**
 * What a Mongolian page may show in Latin letters: names (usernames, table names, passed in), the
 * brand, numbers and money, codes (D-…, W-…, hand ids, card codes), emails, dates, and the names of
 * formats and banks' own spellings that have no translation. Keep this list short and explicit.
 */
const ALLOWED_PATTERNS: RegExp[] = [
  /^Tenger Poker$/,
  /^(PHH|CSV|JSON|ID|OK|UTC|EN)$/,
  /^[₮+−\-\s\d.,:%/()]*$/, // amounts, times, percentages
  /^[A-Z]{1,4}-[0-9A-Z-]+$/, // codes: DEP-000001, W-12, G-5
  /^[0-9a-f]{8,}$/i, // hashes and hand ids
  /^([2-9TJQKA][shdc]\s*)+$/, // card codes
  /^\S+@\S+\.\S+$/, // emails
];

/** Visible text nodes (and aria-labels, placeholders, titles of visible elements) with Latin letters and no Cyrillic. */
export async function latinOnlyTexts(page: Page, names: ReadonlySet<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const visible = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      !element.closest('[aria-hidden="true"], [inert]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (visible(parent)) out.push(text);
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (!visible(element)) continue;
      for (const attribute of ['aria-label', 'placeholder', 'title']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
  return texts.filter(
    (text) =>
      /[A-Za-z]/.test(text) &&
      !/[\u0400-\u04ff]/.test(text) &&
      !names.has(text) &&
      !ALLOWED_PATTERNS.some((pattern) => pattern.test(text)),
  );
}
