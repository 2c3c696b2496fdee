/** axe-core in a journey's page. */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const AXE = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations of the current page (rule id and first target). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run();
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}
