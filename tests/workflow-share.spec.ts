/**
 * Share links (docs/workflow.md#sharing-a-preview), on the workflow server: an editor shares a change set
 * through the API; someone without an account opens the link in a browser of their own and sees the set's
 * draft (not the published config) under the banner; once revoked, the same link shows a full-page refusal.
 * de-CH is this spec's own document: a document is in one open change set at a time, and no other spec uses it.
 */
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { signIn } from './support/e2e-session';
import { WORKFLOW_URL as workflowUrl, WORKFLOW_USERS } from './support/workflow-server';
import type { ChangeSet, CreatedShare } from '../schemas/contracts';

test.use({ baseURL: workflowUrl });

test('a share link opens the drafts read-only without an account, and says so once revoked', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await signIn(page, WORKFLOW_USERS.editor);
  // A label only the draft has: the published de-CH says "Sparen".
  const label = `Sparen geteilt ${Date.now().toString(36)}`;
  const draft = (await (await page.request.get('/api/documents/de-CH')).json()) as {
    etag: string;
    content: { header: { public: { navItems: { title: string }[] } } };
  };
  draft.content.header.public.navItems[0]!.title = label;
  const saved = await page.request.put('/api/documents/de-CH', {
    headers: { 'if-match': draft.etag },
    data: { content: draft.content, message: 'A label to share' },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const created = await page.request.post('/api/change-sets', {
    data: { title: 'Swiss savings label', documents: ['de-CH'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const set = (await created.json()) as ChangeSet;
  const shared = await page.request.post(`/api/change-sets/${set.id}/shares`, {
    data: { expiresInMinutes: 60, note: 'for the Swiss product owner' },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  const { url, share } = (await shared.json()) as CreatedShare;
  expect(url).toMatch(/^\/preview\?share=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+&locale=de-CH$/);

  // Someone with no account: a browser context of their own, without cookies.
  const outsider = await browser.newContext({ baseURL: workflowUrl });
  expect(await outsider.cookies()).toEqual([]);
  const visitor = await outsider.newPage();
  await visitor.goto(url);
  await expect(visitor.getByTestId('share-banner')).toHaveText(
    /^Shared preview of 'Swiss savings label' — drafts, not published; link expires \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/,
  );
  await expect(visitor.locator('.ps-header').getByText(label).first()).toBeVisible();
  // Read-only: the standalone preview has no editing controls, and nothing to sign in with.
  await expect(visitor.getByRole('button', { name: /save|publish/i })).toHaveCount(0);
  expect(await outsider.cookies()).toEqual([]);

  // Every share and revocation is in the set's history.
  const revoked = await page.request.delete(`/api/change-sets/${set.id}/shares/${share.id}`);
  expect(revoked.status(), await revoked.text()).toBe(200);
  const history = ((await (await page.request.get(`/api/change-sets/${set.id}`)).json()) as ChangeSet).events.map(
    (e) => e.kind,
  );
  expect(history).toEqual(expect.arrayContaining(['shared', 'share-revoked']));

  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'This preview link was withdrawn' })).toBeVisible();
  await expect(visitor.getByRole('alert')).toHaveText(/^this share link was revoked on \d{4}-\d{2}-\d{2}T/);
  await expect(visitor.getByText('What to do: ask whoever sent the link for a new one.')).toBeVisible();
  await expect(visitor.getByText(label)).toHaveCount(0);
  await expectNoSeriousA11yViolations(visitor);
  const answer = await outsider.request.get(`/api/shares/${new URL(url, workflowUrl).searchParams.get('share')}`);
  expect(answer.status()).toBe(410);
  expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('share-revoked');
  await outsider.close();
  expect(consoleErrors).toEqual([]);
});
