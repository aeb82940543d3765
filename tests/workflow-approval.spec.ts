/**
 * Four-eyes approval through the editor (docs/workflow.md#approval), on the workflow server (approval on):
 * the content manager edits and submits, cannot approve their own edit (the reason is shown), a viewer gets no
 * approve action, the approver approves, the content manager publishes and customers get the new label; and an
 * edit after approval sends the set back to review.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, VIEWPORTS } from './support/fixtures';
import { signIn } from './support/e2e-session';
import { replaceInJsonView } from './support/json-view';
import { WORKFLOW_URL as workflowUrl, WORKFLOW_USERS } from './support/workflow-server';
import { scaled } from './support/time-factor';

const { editor: EDITOR, viewer: VIEWER, approver: APPROVER } = WORKFLOW_USERS;

// The workflow server has approval on (tests/support/workflow-server.ts).
test.use({ baseURL: workflowUrl });

/** A second person, in a browser context of their own (own cookies), signed in on the workflow server. */
async function asUser(browser: Browser, user: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: workflowUrl });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

const state = (page: Page) => page.getByTestId('change-set-state');

/** Saves `id`'s draft with every exact `from` title renamed to `to`, through the API, as the signed-in user. */
async function renameTitles(page: Page, id: string, from: RegExp, to: string): Promise<void> {
  const read = await page.request.get(`/api/documents/${id}`);
  expect(read.ok()).toBe(true);
  const draft = (await read.json()) as { etag: string; text: string };
  const text = draft.text.replace(new RegExp(`"title": "${from.source}"`, 'g'), `"title": "${to}"`);
  expect(text).not.toBe(draft.text);
  const saved = await page.request.put(`/api/documents/${id}`, {
    headers: { 'if-match': draft.etag },
    data: { content: JSON.parse(text) as unknown, message: `Rename to ${to}` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The text of the file /configs/manifest.json names for `id` now. */
async function publishedText(page: Page, id: string): Promise<string> {
  const manifest = (await (await page.request.get('/configs/manifest.json')).json()) as {
    documents: Record<string, { file: string }>;
  };
  return (await page.request.get(`/configs/${manifest.documents[id]!.file}`)).text();
}

test.describe('four-eyes approval', () => {
  // Monaco's lazy chunk and three signed-in people: generous on a loaded 2-core machine.
  test.describe.configure({ timeout: scaled(180_000) });

  test('edit, submit, refused self-approval, no approve for a viewer, approved by the approver, published to customers', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);

    // 1. The content manager renames a de-DE menu entry in the JSON view and saves it.
    await page.getByRole('link', { name: 'de-DE', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'de-DE' })).toBeVisible({ timeout: scaled(15_000) });
    await page.getByRole('tab', { name: 'JSON view' }).click();
    await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: scaled(45_000) });
    const label = `Einlagensicherung #${Date.now() % 1_000_000}`;
    await replaceInJsonView(page, '"title": "Einlagensicherung( #[0-9]+)?"', `"title": "${label}"`);
    await page.getByRole('button', { name: 'Save…' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save de-DE' });
    await saveDialog.getByLabel('Change message').fill(`Rename deposit protection to ${label}`);
    await saveDialog.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status')).toContainText('Saved de-DE');
    // With approval on there is no direct publish: the toolbar asks for a review instead.
    await expect(page.getByRole('button', { name: 'Request review…' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Publish…' })).toHaveCount(0);

    // 2. A change set with de-DE, from the Change sets page, submitted.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Change sets' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change sets' })).toBeVisible({ timeout: scaled(15_000) });
    await expect(page.getByRole('checkbox', { name: 'de-DE', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const title = `Deposit protection ${label}`;
    await page.getByLabel('Title').fill(title);
    await page.getByRole('checkbox', { name: 'de-DE', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Create change set' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(state(page)).toHaveText('Draft');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(state(page)).toHaveText('In review');
    const setUrl = page.url();

    // 3. The content manager wrote the carried version: Approve is disabled, and says why.
    const approve = page.getByRole('button', { name: 'Approve' });
    await expect(approve).toBeDisabled();
    await expect(approve).toHaveAccessibleDescription(/^You wrote de-DE v\d+: someone else must approve this set\.$/);
    await expectNoSeriousA11yViolations(page);
    // Looked at by people, not compared: the set page at each width the editor supports.
    for (const [name, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await expect(approve).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `no sideways scroll at ${size.width} px`,
      ).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: `test-results/screenshots/change-set-in-review-${name}.png`, fullPage: true });
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    // 4. The viewer sees the set, but no approve action.
    const viewer = await asUser(browser, VIEWER);
    await viewer.goto(setUrl);
    await expect(state(viewer)).toHaveText('In review');
    await expect(viewer.getByText('Waiting for approval by an editor or approver who did not edit it.')).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await viewer.context().close();

    // 5. The approver approves.
    const approver = await asUser(browser, APPROVER);
    await approver.goto(setUrl);
    await approver.getByRole('button', { name: 'Approve' }).click();
    await expect(state(approver)).toHaveText('Approved');
    await expect(approver.getByTestId('change-set-events')).toContainText(/approver approved it \(de-DE v\d+\)/);
    await approver.context().close();

    // 6. The content manager publishes the approved set; customers' manifest names the new label for de-DE.
    await page.reload();
    await expect(state(page)).toHaveText('Approved');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(state(page)).toHaveText('Published');
    await expect(page.getByRole('status')).toContainText('Published.');
    const published = JSON.parse(await publishedText(page, 'de-DE')) as {
      header: { public: { navItems: { id: string; subMenus?: { main: { id: string; title: string }[] } }[] } };
    };
    const info = published.header.public.navItems.find((item) => item.id === 'info');
    expect(info?.subMenus?.main.find((item) => item.id === 'einlagensicherung')?.title).toBe(label);
    expect(consoleErrors).toEqual([]);
  });

  test('Request review… from the document page; an edit after approval sends the set back to review', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);
    const label = `Parrainage #${Date.now() % 1_000_000}`;
    await renameTitles(page, 'fr-FR', /Parrainage( #[0-9]+)?/, label);

    // The saved draft goes for review from the document page: a new set titled with the message, submitted.
    await page.goto('/documents/fr-FR');
    await page.getByRole('button', { name: 'Request review…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request review of fr-FR' });
    await dialog.getByLabel(/What changed/).fill(`Referral label ${label}`);
    await dialog.getByRole('button', { name: 'Request review' }).click();
    // A new set, submitted; or, on a server reused from an earlier run, the set that still holds fr-FR in review.
    await expect(dialog.getByRole('status')).toContainText(/for review|which is in review/);
    await dialog.getByRole('link', { name: 'Open the change set' }).click();
    await expect(state(page)).toHaveText('In review');
    const setUrl = page.url();

    const approver = await asUser(browser, APPROVER);
    await approver.goto(setUrl);
    await approver.getByRole('button', { name: 'Approve' }).click();
    await expect(state(approver)).toHaveText('Approved');
    await approver.context().close();

    // Another edit of fr-FR after the approval: the set is back in review, its approval gone, and the history says why.
    await renameTitles(page, 'fr-FR', /Parrainage( #[0-9]+)?/, `${label}b`);
    await page.reload();
    await expect(state(page)).toHaveText('In review');
    await expect(page.getByTestId('change-set-events')).toContainText('sent it back to review');
    await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(consoleErrors).toEqual([]);
  });
});
