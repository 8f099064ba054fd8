import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** One accessibility rule broken on a page, as a line a failing test can print. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResult {
  violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

const BLOCKING = new Set(['moderate', 'serious', 'critical']);
// Evaluated through the browser's DevTools protocol rather than added as a <script>: the apps' Content-Security-Policy
// (script-src 'self') rightly blocks an inline script, and a test must scan the page under the policy it really has.
let axeSource: string | undefined;
const loadAxeSource = (): string => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA plus best practices) on the page as it is now and answers the moderate, serious
 * and critical findings; an empty list means the screen passes.
 */
export async function scanAccessibility(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(loadAxeSource());
  const result = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe.run(document, { runOnly: { type: 'tag', values: tags } }),
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
  );
  return result.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
}
