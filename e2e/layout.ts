import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Every visible element that reaches past the left or right edge of the viewport, except those inside a
 * box that scrolls or clips sideways (a table's own scroll box is allowed; the page is not).
 */
export async function elementsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clippedByAncestor = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflowX = getComputedStyle(up).overflowX;
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (clippedByAncestor(element)) continue;
      found.push(
        `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} [${Math.round(box.left)}..${Math.round(box.right)}]`,
      );
    }
    if (document.documentElement.scrollWidth > width)
      found.unshift(`page scrollWidth ${document.documentElement.scrollWidth} > ${width}`);
    return found;
  });
}

/** The locator is visible and, scrolled to, lies inside the viewport's width. */
export async function expectInside(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'the main action has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** The area (px²) two locators' boxes share: 0 when they do not overlap (both must be visible). */
export async function sharedArea(a: Locator, b: Locator): Promise<number> {
  await expect(a).toBeVisible();
  await expect(b).toBeVisible();
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return 0;
  const width = Math.min(boxA.x + boxA.width, boxB.x + boxB.width) - Math.max(boxA.x, boxB.x);
  const height = Math.min(boxA.y + boxA.height, boxB.y + boxB.height) - Math.max(boxA.y, boxB.y);
  return width > 0 && height > 0 ? width * height : 0;
}
