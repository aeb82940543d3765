import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { allowConsoleErrors, EDITOR, signIn } from './support/e2e-session';

test.describe('editor sign-in', () => {
  test('an unauthenticated visit to any editor page goes to /signin, and back after signing in', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/documents/de-DE');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the portal editor' })).toBeVisible();
    await page.getByLabel('Username').fill(EDITOR.username);
    await page.getByLabel('Password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/documents\/de-DE$/);
    allowConsoleErrors(consoleErrors, /status of 401/);
  });

  test('a wrong password shows a clear error and stays on the form', async ({ page, consoleErrors }) => {
    await page.goto('/signin');
    await page.getByLabel('Username').fill(EDITOR.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(/wrong username or password/i);
    await expect(page).toHaveURL(/\/signin$/);
    allowConsoleErrors(consoleErrors, /status of 401/);
  });

  test('sign-in page passes axe', async ({ page, consoleErrors }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('sign out returns to /signin and guards the dashboard again', async ({ page, consoleErrors }) => {
    await signIn(page, EDITOR);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);
    allowConsoleErrors(consoleErrors, /status of 401/);
  });
});
