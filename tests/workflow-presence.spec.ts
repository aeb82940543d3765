/**
 * Presence (docs/workflow.md#presence), on the workflow server: while the content manager has a document open,
 * another person's dashboard says so within a few seconds, and stops saying so once the page is closed. Never
 * yourself: the viewer's own dashboard presence is not shown. The last steps use de-CH, which no other spec
 * opens in a page, so another spec's content-manager tab on de-DE cannot keep a badge up.
 */
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { signIn } from './support/e2e-session';
import { WORKFLOW_URL as workflowUrl, WORKFLOW_USERS } from './support/workflow-server';

test.use({ baseURL: workflowUrl });

test('the dashboard shows who is editing what, and forgets them when their page closes', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Two signed-in browsers, four document pages and an axe run: about 12 s on a quiet machine, more than 30 on CI's
  // loaded runner. Each step waits for what it needs; only the whole test's budget was too short.
  test.slow();
  await signIn(page, WORKFLOW_USERS.viewer);
  const editorContext = await browser.newContext({ baseURL: workflowUrl });
  const editor = await editorContext.newPage();
  await signIn(editor, WORKFLOW_USERS.editor);

  await editor.goto('/documents/de-DE');
  await expect(editor.getByRole('heading', { level: 1, name: 'de-DE' })).toBeVisible();
  const deDE = page.getByTestId('document-row-de-DE');
  await expect(deDE.getByText('content-manager is editing de-DE')).toBeVisible();
  // The viewer is present too (on the dashboard), but is never shown to themself.
  await expect(page.getByText(/product-owner is editing/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await editor.goto('/documents/de-CH');
  await expect(editor.getByRole('heading', { level: 1, name: 'de-CH' })).toBeVisible();
  const deCH = page.getByTestId('document-row-de-CH');
  await expect(deCH.getByText('content-manager is editing de-CH')).toBeVisible();

  // The other way round: the editor's page names the viewer once they open the same document.
  await page.goto('/documents/de-CH');
  await expect(editor.getByText('product-owner is editing de-CH')).toBeVisible();
  await expect(page.getByText('content-manager is editing de-CH')).toBeVisible();
  await page.goto('/');

  await editorContext.close();
  await expect(deCH.getByText(/is editing de-CH/)).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
