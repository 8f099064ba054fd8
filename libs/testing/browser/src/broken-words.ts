import type { Page } from 'playwright-core';

export interface BrokenWord {
  /** The word the browser laid out over more than one line. */
  word: string;
  /** The whole text of the cell it sits in. */
  cell: string;
}

/**
 * Every word inside the matched elements (table cells by default) that the browser broke across lines, as
 * the page is laid out now. A word is a run of characters between spaces, slashes and hyphens (a line may
 * break after a slash or a hyphen); each word's own box is measured with a Range, and one that sits on two
 * lines has boxes at two heights.
 */
export function brokenWords(page: Page, selector = 'th, td, dd'): Promise<BrokenWord[]> {
  return page.evaluate((cells) => {
    const found: Array<{ word: string; cell: string }> = [];
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>(cells))) {
      // Text that is not laid out (screen-reader-only spans, hidden rows) has no lines to break.
      if (cell.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A visually hidden span (words for screen readers only) is one pixel wide: its text is not seen.
        if ((node.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s/-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (tops.size > 1) found.push({ word: match[0], cell: cell.innerText.trim() });
        }
      }
    }
    return found;
  }, selector);
}
