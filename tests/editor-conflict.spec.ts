import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { EDITOR, signIn } from './support/e2e-session';
import { scaled } from './support/time-factor';

/**
 * The editor's conflict flow: two content managers edit nl-NL at once (no other spec edits nl-NL; the
 * preview suite only reads its published version). The second save gets a 412; the three-way merge combines
 * both edits, one real conflict is settled with "keep mine", the merged save succeeds, and after a reload
 * the saved draft holds every edit.
 */
const DOC = 'nl-NL';
const AUTOSAVE_KEY = `portal-editor:autosave:${DOC}`;

interface EditorTab {
  page: Page;
  /** Console errors other than the 412 the browser logs for the refused save. */
  errors: string[];
}

async function openEditor(browser: Browser): Promise<EditorTab> {
  const page = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 412/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  await signIn(page, EDITOR);
  await page.getByRole('link', { name: DOC, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: DOC })).toBeVisible({ timeout: scaled(15_000) });
  // The page opens the form view; the renames below use Monaco's find/replace.
  await page.getByRole('tab', { name: 'JSON view' }).click();
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: scaled(45_000) });
  // The problems fold behind their count (docs/editor-workspace.md#problems).
  await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible();
  return { page, errors };
}

/** Sets a menu title with Monaco's own find/replace (regex), whatever an earlier run renamed it to. */
async function renameTitle(page: Page, title: string, stamp: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+H');
  const regex = page.getByRole('checkbox', { name: /Use Regular Expression/ });
  if ((await regex.getAttribute('aria-checked')) !== 'true') await regex.click();
  await page.getByRole('textbox', { name: 'Find' }).fill(`"title": "${title}[^"]*"`);
  await page.getByRole('textbox', { name: 'Replace' }).fill(`"title": "${title} ${stamp}"`);
  await page.getByRole('button', { name: /^Replace All/ }).click();
}

async function savedDraft(page: Page): Promise<{ version: number; text: string }> {
  const response = await page.request.get(`/api/documents/${DOC}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { version: number; text: string };
}

test.describe('editor: concurrent edits', () => {
  // Two browser contexts, each with Monaco; the merge view loads Monaco's diff editor as well.
  // Two editor tabs, four Monaco instances and several saves: over 3 min on a busy 2-core machine.
  test.describe.configure({ timeout: scaled(420_000) });

  test('a 412 is merged three-way, a conflict is settled, and the merged save keeps both edits', async ({
    browser,
  }) => {
    const run = `${Date.now() % 100_000}${Math.floor(Math.random() * 100)}`;
    const [alice, bob] = [await openEditor(browser), await openEditor(browser)];
    const startVersion = (await savedDraft(alice.page)).version;

    // Alice renames two menus and saves first.
    await renameTitle(alice.page, 'Onze partnerbanken', `A${run}`);
    await renameTitle(alice.page, 'Zo werkt Depona', `A${run}`);
    await alice.page.getByRole('button', { name: 'Save…' }).click();
    const aliceDialog = alice.page.getByRole('dialog', { name: `Save ${DOC}` });
    await aliceDialog.getByLabel('Change message').fill(`Alice ${run}`);
    await aliceDialog.getByRole('button', { name: 'Save draft' }).click();
    await expect(alice.page.getByRole('status')).toContainText(`Saved ${DOC}`, { timeout: scaled(15_000) });

    // Bob, still on the version both loaded, renames another menu and the same one as Alice.
    await renameTitle(bob.page, 'Gidsen over sparen en bankieren', `B${run}`);
    await renameTitle(bob.page, 'Zo werkt Depona', `B${run}`);
    await expect(bob.page.getByText('Unsaved changes')).toBeVisible();
    await bob.page.getByRole('button', { name: 'Save…' }).click();
    const bobDialog = bob.page.getByRole('dialog', { name: `Save ${DOC}` });
    // Review before save: the diff against the server version, above the change message.
    const review = bobDialog.getByRole('region', { name: 'Changes to save' });
    await expect(review).toContainText('2 changes');
    await expect(review.locator('.monaco-diff-editor')).toBeVisible({ timeout: scaled(20_000) });
    await bobDialog.getByLabel('Change message').fill(`Bob ${run}`);
    await bobDialog.getByRole('button', { name: 'Save draft' }).click();

    // 412: the notice, and the merge below it. Bob's text is still autosaved in his browser.
    await expect(bob.page.getByRole('alert').filter({ hasText: 'someone else saved this document first' })).toBeVisible(
      { timeout: scaled(15_000) },
    );
    const merge = bob.page.getByRole('region', {
      name: new RegExp(`Merge your changes with version ${startVersion + 1} by content-manager`),
    });
    await expect(merge).toBeVisible();
    await expect
      .poll(() => bob.page.evaluate((key) => localStorage.getItem(key) ?? '', AUTOSAVE_KEY))
      .toContain(`Gidsen over sparen en bankieren B${run}`);

    // One real conflict (both renamed "Zo werkt Depona"); the other two renames merged by themselves.
    const conflicts = merge.getByRole('radiogroup');
    await expect(conflicts).toHaveCount(1);
    const conflict = merge.getByRole('radiogroup', { name: /zo-werkt-het › title/ });
    await expect(conflict).toContainText(`Zo werkt Depona A${run}`);
    await expect(merge.getByRole('button', { name: 'Save merged' })).toBeDisabled();
    // Click the option's text, as a person would (the radio input itself is visually hidden).
    await conflict.getByText(`Keep mine: "Zo werkt Depona B${run}"`).click();
    await expect(
      conflict.getByRole('radio', { name: new RegExp(`^Keep mine: "Zo werkt Depona B${run}"`) }),
    ).toBeChecked();
    await expect(merge.getByRole('button', { name: 'Save merged' })).toBeEnabled();

    // The review diff: theirs on the left, the merged result on the right.
    const mergedDiff = merge.getByRole('region', { name: 'Their version and the merged result' });
    await expect(mergedDiff.locator('.monaco-diff-editor')).toBeVisible({ timeout: scaled(20_000) });
    await expect(mergedDiff).toContainText('2 changes');
    await expectNoSeriousA11yViolations(bob.page);
    await bob.page.screenshot({ path: 'test-results/screenshots/editor-merge.png', fullPage: true });

    await merge.getByRole('button', { name: 'Save merged' }).click();
    await expect(merge).toHaveCount(0, { timeout: scaled(15_000) });
    await expect(bob.page.getByRole('alert').filter({ hasText: 'someone else saved this document first' })).toHaveCount(
      0,
    );
    await expect(bob.page.getByText('Unsaved changes')).toHaveCount(0);
    // The merged draft is in the editor, so the autosaved copy has nothing left to protect.
    await expect.poll(() => bob.page.evaluate((key) => localStorage.getItem(key), AUTOSAVE_KEY)).toBeNull();

    // Reload both: the saved draft has Alice's rename, Bob's rename and Bob's pick for the shared title.
    for (const { page } of [alice, bob]) {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: DOC })).toBeVisible({ timeout: scaled(15_000) });
      const draft = await savedDraft(page);
      expect(draft.version).toBe(startVersion + 2);
      expect(draft.text).toContain(`"title": "Onze partnerbanken A${run}"`);
      expect(draft.text).toContain(`"title": "Gidsen over sparen en bankieren B${run}"`);
      expect(draft.text).toContain(`"title": "Zo werkt Depona B${run}"`);
      expect(draft.text).not.toContain(`Zo werkt Depona A${run}`);
      // A shared CI machine can take a while to bring the page back; the history loads after the draft.
      await expect(page.getByRole('region', { name: 'History' }).getByRole('row').nth(1)).toContainText(
        `Merged my changes with version ${startVersion + 1} by content-manager`,
        { timeout: scaled(15_000) },
      );
    }
    // Nothing was left behind to restore: the reload offers no unsaved edits.
    await expect(bob.page.getByRole('region', { name: 'Unsaved edits' })).toHaveCount(0);

    // History: the merged version's diff against Alice's version shows Bob's two renames.
    const history = bob.page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: `Show the diff of version ${startVersion + 2}` }).click();
    const versionDiff = bob.page.getByRole('region', { name: `Changes in version ${startVersion + 2}` });
    await expect(versionDiff).toContainText('2 changes', { timeout: scaled(15_000) });
    await expect(versionDiff.locator('.monaco-diff-editor')).toBeVisible({ timeout: scaled(20_000) });
    await history.getByRole('button', { name: `Hide the diff of version ${startVersion + 2}` }).click();
    await expect(versionDiff).toHaveCount(0);

    expect(alice.errors).toEqual([]);
    expect(bob.errors).toEqual([]);
    await Promise.all([alice.page.context().close(), bob.page.context().close()]);
  });
});
