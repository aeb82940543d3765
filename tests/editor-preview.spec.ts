/**
 * The editor's live preview as people use it: the live preview of the draft, and the shareable link.
 *
 * Documents: the content manager edits de-DE's "Partnerbanken" entry (inside the public "So funktioniert's"
 * dropdown). Other specs read de-DE's published header (Sparen, Anlegen, Anmelden) and editor-document.spec
 * renames the "So funktioniert's" menu itself; nobody reads Partnerbanken, so its label is free to change.
 * The product owner only reads.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, VIEWPORTS } from './support/fixtures';
import { allowConsoleErrors, EDITOR, signIn, VIEWER } from './support/e2e-session';
import { replaceInJsonView } from './support/json-view';
import { scaled } from './support/time-factor';

async function openDocument(page: Page, id: string): Promise<void> {
  await page.getByRole('link', { name: id, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: id })).toBeVisible({ timeout: scaled(15_000) });
}

/** The preview iframe, once it has rendered (the editor's pane names the build and the versions it shows). */
async function previewFrame(page: Page, documentId: string): Promise<FrameLocator> {
  await expect(page.getByTestId('preview-versions')).toContainText(`${documentId} draft`, { timeout: scaled(30_000) });
  return page.frameLocator(`iframe[title^="Preview of the ${documentId} draft"]`);
}

/** Opens the public "So funktioniert's" dropdown inside the preview (its title may carry another spec's stamp). */
async function openHowItWorks(frame: FrameLocator): Promise<void> {
  const menu = frame.getByRole('banner').getByRole('button', { name: /^So funktioniert's/ });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

test.describe('editor: live preview of the draft and the shareable link', () => {
  // The form, Monaco and the preview iframe (with its mock worker) on a shared 2-core machine.
  test.describe.configure({ timeout: scaled(180_000) });

  test('content manager: a form edit shows in the preview without a save; the JSON edit is saved, published and on /preview', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, EDITOR);
    await openDocument(page, 'de-DE');
    const stamp = `${Date.now() % 100_000}`;

    // The form view opens first, on its Header tab. Public header › So funktioniert's › Partnerbanken (a dropdown item).
    const form = page.getByRole('form', { name: 'de-DE form' });
    await expect(form).toBeVisible({ timeout: scaled(30_000) });
    for (const group of [/^Public header/, /^So funktioniert's/, /^Partnerbanken/])
      await form.getByRole('button', { name: group, expanded: false }).first().click();
    // The field by its JSON pointer: its group is named after the title, which changes as we type.
    const title = form
      .getByRole('group', { name: /^Partnerbanken/ })
      .getByLabel('Title')
      .first();
    const pointer = await title.getAttribute('data-pointer');
    const field = form.locator(`[data-pointer="${pointer}"]`);
    await field.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`Partnerbanken F${stamp}`);
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // The preview shows the unsaved draft, rendered by the portal's own renderer.
    const frame = await previewFrame(page, 'de-DE');
    await expect(
      page.getByText('Live: the preview shows the de-DE draft as it is in the editor, saved or not.'),
    ).toBeVisible();
    await openHowItWorks(frame);
    await expect(frame.getByRole('link', { name: `Partnerbanken F${stamp}` })).toBeVisible();
    await expect(frame.getByTestId('preview-build-id')).toContainText('Preview build');
    await page.getByRole('region', { name: /^Preview frame/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/editor-preview-form-1280.png' });
    await expectNoSeriousA11yViolations(page);

    // An invalid draft: the preview keeps the last valid state and the pane says so.
    await field.fill('');
    await expect(
      page.getByText(/The draft has 1 problem: the preview keeps showing the last valid version/),
    ).toBeVisible();
    await expect(frame.getByRole('link', { name: `Partnerbanken F${stamp}` })).toBeVisible();
    await field.pressSequentially(`Partnerbanken F${stamp}`);
    await expect(page.getByText('Live: the preview shows the de-DE draft')).toBeVisible();

    // The same label in the JSON view, then save with a message and publish.
    await page.getByRole('tab', { name: 'JSON view' }).click();
    await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: scaled(45_000) });
    await replaceInJsonView(page, `"title": "Partnerbanken F${stamp}"`, `"title": "Partnerbanken J${stamp}"`);
    await openHowItWorks(frame);
    await expect(frame.getByRole('link', { name: `Partnerbanken J${stamp}` })).toBeVisible();

    await page.getByRole('button', { name: 'Save…' }).click();
    const save = page.getByRole('dialog', { name: 'Save de-DE' });
    await save.getByLabel('Change message').fill(`Partner banks entry renamed (${stamp})`);
    await save.getByRole('button', { name: 'Save draft' }).click();
    await expect(save).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Saved de-DE' })).toBeVisible();
    await page.getByRole('button', { name: /^Publish/ }).click();
    const publish = page.getByRole('dialog', { name: 'Publish de-DE' });
    await publish.getByRole('button', { name: /^Publish v\d+$/ }).click();
    await expect(publish).toBeHidden({ timeout: scaled(30_000) });
    await expect(page.getByRole('status').filter({ hasText: 'Published de-DE' })).toBeVisible();

    // Outside the editor: the published portal preview shows it.
    await page.goto('/preview?locale=de-DE');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^So funktioniert's/ })
      .click();
    await expect(page.getByRole('link', { name: `Partnerbanken J${stamp}` })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('product owner: a shared link opens the same combination, read-only', async ({ page, consoleErrors }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const link =
      '/documents/de-DE?locale=de-DE&persona=customer&page=dashboard&flags=paymentMethodScreens,newDashboard&viewport=768';
    await page.goto(link);
    // Signed out: the sign-in page first, then back to the link.
    await page.getByLabel('Username').fill(VIEWER.username);
    await page.getByLabel('Password').fill(VIEWER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'de-DE' })).toBeVisible({ timeout: scaled(15_000) });
    // The session check answers 401 while signed out, by design.
    allowConsoleErrors(consoleErrors, /status of 401 .*\/api\/session$/);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/documents/de-DE');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      locale: 'de-DE',
      persona: 'customer',
      page: 'dashboard',
      flags: 'paymentMethodScreens,newDashboard',
      viewport: '768',
    });

    // The toolbar shows the link's combination, and the preview renders it at 768 px.
    const toolbar = page.getByRole('group', { name: 'Preview scenario' });
    await expect(toolbar.getByLabel('Persona', { exact: true })).toHaveValue('customer');
    await expect(toolbar.getByLabel('Page', { exact: true })).toHaveValue('dashboard');
    await expect(toolbar.getByRole('button', { name: 'Flags · 2 on' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preview frame, 768 px wide' })).toBeVisible();
    const frame = await previewFrame(page, 'de-DE');
    const banner = frame.getByRole('banner');
    await expect(banner.getByRole('button', { name: /Mein Konto/ })).toBeVisible({ timeout: scaled(20_000) });
    await banner.getByRole('button', { name: /Mein Konto/ }).click();
    // paymentMethodScreens is on in the link.
    await expect(frame.getByRole('link', { name: 'Zahlungsmethoden' })).toBeVisible();

    // Read-only: no save, publish, undo or add controls, and the form's fields do not take edits.
    await expect(page.getByText('Read-only: viewers can preview')).toBeVisible();
    for (const name of [/^Save/, /^Publish/, 'Undo', 'Redo', /^Restore/])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
    const form = page.getByRole('form', { name: 'de-DE form' });
    for (const group of [/^Public header/, /^Sparen/])
      await form.getByRole('button', { name: group, expanded: false }).first().click();
    await expect(
      form
        .getByRole('group', { name: /^Sparen/ })
        .getByLabel('Title')
        .first(),
    ).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();

    await page.getByRole('region', { name: /^Preview frame/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/editor-preview-viewer-1280.png' });
    for (const [name, size] of [
      ['768', VIEWPORTS.tablet],
      ['375', VIEWPORTS.mobile],
    ] as const) {
      await page.setViewportSize(size);
      // Below 1200 px the form and the preview take turns (docs/editor-workspace.md#layout).
      const toggle = page.getByRole('radiogroup', { name: 'Show the form or the preview' });
      await toggle.getByText('Preview', { exact: true }).click();
      await page.getByRole('heading', { name: 'Preview', exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/editor-preview-viewer-${name}.png` });
    }
    // The iframe is same-origin, so its mock service answers on the editor page's main thread. On a loaded
    // machine the first wave can pass the portal's 3 s HTTP timeout; the data layer retries timeouts (docs/api-calls.md),
    // and the complete header above is the proof. Only that message, only for the mocked customer calls, is accepted.
    allowConsoleErrors(
      consoleErrors,
      /^\[http\] GET \/api\/(customer-account|customer-portal|product)\/\S+ timed out after 3000 ms$/,
    );
    expect(consoleErrors).toEqual([]);
  });

  test('a viewport wider than the pane is shown scaled to fit, still clickable; actual size scrolls sideways', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, VIEWER);
    await page.goto('/documents/de-DE?persona=visitor&page=home&viewport=1280');
    await expect(page.getByRole('heading', { level: 1, name: 'de-DE' })).toBeVisible({ timeout: scaled(15_000) });
    const frame = await previewFrame(page, 'de-DE');
    const region = page.getByRole('region', { name: 'Preview frame, 1280 px wide' });
    const sidewaysScroll = () => region.evaluate((el) => el.scrollWidth - el.clientWidth);
    await expect(page.getByTestId('preview-scale')).toContainText(/^Shown at \d+ % to fit the pane/);
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    const pane = (await region.boundingBox())!;
    const shown = (await page.locator('iframe[title^="Preview of the de-DE draft"]').boundingBox())!;
    expect(shown.x + shown.width).toBeLessThanOrEqual(pane.x + pane.width);
    // The page inside is still laid out at 1280 px (desktop navigation), and a click lands on what it shows.
    const menu = frame.getByRole('banner').getByRole('button', { name: 'Sparen', exact: true });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByText('Actual size', { exact: true }).click();
    await expect(page.getByTestId('preview-scale')).toContainText('Shown at actual size');
    await expect.poll(sidewaysScroll).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a bad link names the parameter, the value and the valid values, and the page still works', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, VIEWER);
    await page.goto('/documents/en-GB?persona=robot&viewport=wide');
    await expect(page.getByRole('heading', { level: 1, name: 'en-GB' })).toBeVisible({ timeout: scaled(15_000) });
    const alert = page.getByRole('alert').filter({ hasText: 'This link has 2 parameters the preview cannot use' });
    await expect(alert).toContainText(
      'persona = robot: Unknown persona "robot". Valid values: visitor, partner-visitor, customer, company, pending, no-customer-data.',
    );
    await expect(alert).toContainText('viewport = wide: viewport must be a whole number of pixels from 320 to 2560');
    await expect(
      page.getByRole('group', { name: 'Preview scenario' }).getByLabel('Persona', { exact: true }),
    ).toHaveValue('visitor');
    await previewFrame(page, 'en-GB');
    expect(consoleErrors).toEqual([]);
  });
});
