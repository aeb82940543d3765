import { expect, test } from '@playwright/test';

/*
 * The browser every test and benchmark launches (bench/chromium.ts): a new context, which Chromium opens as a new
 * window, must bring no WebUI of the browser's own chrome with it; its renderer would take the same two cores as
 * the page being measured.
 */
test('a new context opens no browser-UI renderer beside its page', async ({ browser }) => {
  const cdp = await browser.newBrowserCDPSession();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.setContent('<p>one page</p>');
    // The popups were preloaded within a second of the window opening.
    await page.waitForTimeout(1500);
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { type: string; url: string }[] };
    expect(targetInfos.filter((target) => target.type === 'page').length).toBeGreaterThan(0);
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);
  } finally {
    await context.close();
    await cdp.detach();
  }
});
