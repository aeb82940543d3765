/** Playwright helpers for the editor's JSON view (Monaco), used as a person would use it. */
import type { Page } from '@playwright/test';

/** Replaces text with Monaco's own find/replace widget: `find` is a regular expression, `$1` works in `replace`. */
export async function replaceInJsonView(page: Page, find: string, replace: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+H');
  const regex = page.getByRole('checkbox', { name: /Use Regular Expression/ });
  if ((await regex.getAttribute('aria-checked')) !== 'true') await regex.click();
  await page.getByRole('textbox', { name: 'Find' }).fill(find);
  await page.getByRole('textbox', { name: 'Replace' }).fill(replace);
  await page.getByRole('button', { name: /^Replace All/ }).click();
  await page.keyboard.press('Escape');
}
