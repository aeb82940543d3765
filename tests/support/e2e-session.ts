/** Playwright helpers for the editor's specs (tests/editor-*.spec.ts): demo users and sign-in as a person would. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const EDITOR = { username: 'content-manager', password: 'editor-pass-123' } as const;
export const VIEWER = { username: 'product-owner', password: 'viewer-pass-123' } as const;

/** Signs in through the form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
}

/**
 * Drops the console errors a test expects. Chromium logs every 401 fetch ("Failed to load resource … 401"),
 * and the session check answers 401 by design when nobody is signed in; anything else still fails the test.
 */
export function allowConsoleErrors(consoleErrors: string[], expected: RegExp): void {
  const kept = consoleErrors.filter((e) => !expected.test(e));
  consoleErrors.splice(0, consoleErrors.length, ...kept);
}
