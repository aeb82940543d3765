/**
 * The validator's chunk failing to load (docs/editor-bundle.md#when-the-validator-does-not-load) and what the
 * toolbar does until the checks have run (docs/editor-bundle.md#actions-before-the-checks-have-run), on the built
 * app. Document: de-DE, read only (nothing is saved); its draft is answered as not yet published, so Publish… is
 * a choice the checks decide.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Route } from '@playwright/test';
import { expect, test, VIEWPORTS } from './support/fixtures';
import { allowConsoleErrors, EDITOR, signIn } from './support/e2e-session';
import { scaled } from './support/time-factor';

/** The validator chunk's file as this build named it, read from Vite's manifest (the hash changes with every build). */
function validatorChunkPath(): string {
  const dist = path.resolve(process.env.E2E_DIST_DIR || 'dist/client');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest['editor/validation/validate-text.ts'];
  if (!entry) throw new Error('the build has no chunk for editor/validation/validate-text.ts');
  return `/${entry.file}`;
}

test.describe('editor: the validator chunk does not arrive', () => {
  test.describe.configure({ timeout: scaled(90_000) });

  test('Publish… waits while the checks load, says they could not load, and Retry loads them', async ({
    page,
    consoleErrors,
  }) => {
    const chunk = validatorChunkPath();
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, EDITOR);
    await page.route('**/api/documents/de-DE?version=draft', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), isPublished: false } });
    });
    let mode: 'hold' | 'pass' = 'hold';
    const held: Route[] = [];
    const requested: string[] = [];
    await page.route(
      (url) => url.pathname === chunk,
      (route) => {
        requested.push(route.request().url());
        return mode === 'hold' ? void held.push(route) : route.continue();
      },
    );

    await page.goto('/documents/de-DE');
    await expect(page.getByRole('form', { name: 'de-DE form' })).toBeVisible({ timeout: scaled(30_000) });
    // The chunk is on its way: Publish… shows Checking… and cannot be pressed.
    await expect.poll(() => held.length, { timeout: scaled(20_000) }).toBe(1);
    // (The problems button says Checking… too; the toolbar's is the one its status describes.)
    const checking = page.getByRole('button', {
      name: 'Checking…',
      description: 'Checking the draft before it can be published…',
    });
    await expect(checking).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Publish…' })).toHaveCount(0);

    // The request fails (offline, or a deploy replaced the file).
    await held[0]!.abort('internetdisconnected');
    const notice = page.getByRole('alert').filter({ hasText: 'The checks could not load.' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Checks could not load' })).toBeVisible();
    const publish = page.getByRole('button', { name: 'Publish…' });
    await expect(publish).toBeDisabled();
    await expect(publish).toHaveAccessibleDescription(
      /^The checks could not load, so the draft cannot be published yet/,
    );
    await page.screenshot({ path: 'test-results/screenshots/editor-validator-failed.png' });

    // Back online: Retry really fetches the chunk again, and the page carries on as if nothing had happened.
    mode = 'pass';
    await notice.getByRole('button', { name: 'Retry the checks' }).click();
    await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible({ timeout: scaled(20_000) });
    await expect(notice).toHaveCount(0);
    expect(requested).toHaveLength(2);
    await expect(publish).toBeEnabled();
    await expect(publish).toHaveAccessibleDescription('The saved draft can be published.');
    allowConsoleErrors(
      consoleErrors,
      new RegExp(`Failed to load resource.*${chunk.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    expect(consoleErrors).toEqual([]);
  });
});
