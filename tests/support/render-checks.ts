/**
 * The checks every render of tests/render-everything.spec.ts must pass, and what it takes to make a
 * render's pixels repeatable. Each check reports the render it ran for, so a failure among hundreds of
 * renders in one test says which one.
 */
import { createRequire } from 'node:module';
import type { Page, Request, Response } from '@playwright/test';
import type { MockAnswer } from '../../mocks/faults';
import { expect } from './fixtures';

/**
 * The footer's copyright year comes from the resolver's `now` (new Date() in the host), and the session
 * countdown from Date.now(). A fixed clock keeps both still; timers keep running, so the app behaves.
 */
export const FROZEN_NOW = new Date('2026-06-15T10:00:00Z');

/** The header mocks/faults.ts puts on an error it meant to send. */
const MOCK_ANSWER_HEADER = 'x-mock-answer';
const EXPECTED_ANSWERS: ReadonlySet<MockAnswer> = new Set<MockAnswer>(['fault', 'scenario']);

/**
 * MSW's worker.start() calls update() on an existing worker registration without awaiting it
 * (https://github.com/mswjs/msw/issues/2006). When the browser's update job finds no worker to update, as
 * happens about once per full run here while one preview document replaces the next, the rejection
 * surfaces as an uncaught TypeError. It comes from the preview's mock worker, which customers never load,
 * not from the shell, so this one exact message is set aside and recorded as an annotation instead.
 */
const MOCK_WORKER_UPDATE_RACE =
  /^uncaught: Failed to update a ServiceWorker for scope \('[^']+'\) with script \('[^']+\/mock-service-worker\.js'\): Not found$/;

/** Removes the mock worker's update race from the test's console errors; returns how many it removed. */
export function setAsideMockWorkerUpdateRace(consoleErrors: string[]): number {
  const kept = consoleErrors.filter((line) => !MOCK_WORKER_UPDATE_RACE.test(line));
  const removed = consoleErrors.length - kept.length;
  consoleErrors.splice(0, consoleErrors.length, ...kept);
  return removed;
}

/**
 * Console errors and failed requests since the current render started. The consoleErrors fixture gives
 * the test's verdict at the end (it pairs Chromium's "Failed to load resource" lines with the mock's
 * answer header); this log gives the same answer per render, while the render's name is still known.
 */
export class RenderLog {
  private failures: { request: Request; line: string }[] = [];
  private consoleMark = 0;
  /** Main-frame documents committed since start(): 1 after the render's own navigation. */
  private documents = 0;
  /** Main-frame navigation requests whose document has not committed yet. */
  private pendingDocuments = 0;
  /** For each request issued since start(), the document it belongs to (numbered as `documents` counts). */
  private issuedIn = new WeakMap<Request, number>();

  constructor(
    page: Page,
    private readonly consoleErrors: string[],
  ) {
    const isDocument = (request: Request) => request.isNavigationRequest() && request.frame() === page.mainFrame();
    page.on('request', (request) => {
      // A navigation request belongs to the document it is about to create.
      if (isDocument(request)) this.issuedIn.set(request, this.documents + ++this.pendingDocuments);
      else this.issuedIn.set(request, this.documents);
    });
    // framenavigated also fires for history (same-document) navigations; only a pending request makes a new document.
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || this.pendingDocuments === 0) return;
      this.pendingDocuments--;
      this.documents++;
    });
    page.on('response', (response) => this.onResponse(response));
    page.on('requestfailed', (request) => {
      if (isDocument(request) && this.pendingDocuments > 0) this.pendingDocuments--;
      this.failures.push({
        request,
        line: `${request.method()} ${request.url()}: ${request.failure()?.errorText ?? 'failed'}`,
      });
    });
  }

  private onResponse(response: Response): void {
    if (response.status() < 400) return;
    const answer = response.headers()[MOCK_ANSWER_HEADER];
    if (answer && EXPECTED_ANSWERS.has(answer as MockAnswer)) return;
    const request = response.request();
    this.failures.push({
      request,
      line: `${request.method()} ${response.url()}: ${response.status()}${answer ? ` (mock answer "${answer}")` : ''}`,
    });
  }

  /**
   * A request belongs to the render's document when it was issued after start() and no later document
   * replaced the one that issued it. The others are cancelled or unanswered by a navigation, not failed by
   * the render: the previous render's leftovers (Chromium's favicon fetch after load, a late config fetch),
   * and the first document's calls when MSW reloads a page its worker does not control yet
   * (mocks/until-controlled.ts avoids that where it can).
   */
  private fromCurrentDocument(request: Request): boolean {
    const issuedIn = this.issuedIn.get(request);
    return issuedIn !== undefined && issuedIn >= this.documents;
  }

  /** How often the mock worker's update race was set aside (see MOCK_WORKER_UPDATE_RACE). */
  mockWorkerUpdateRaces = 0;
  /** Failed requests of documents a navigation replaced during a render, set aside (see fromCurrentDocument). */
  replacedDocumentFailures = 0;

  start(): void {
    this.failures = [];
    this.documents = 0;
    this.pendingDocuments = 0;
    this.issuedIn = new WeakMap<Request, number>();
    // Set aside before marking, so no line before the mark is removed later and shifts the slice below.
    this.mockWorkerUpdateRaces += setAsideMockWorkerUpdateRace(this.consoleErrors);
    this.consoleMark = this.consoleErrors.length;
  }

  /** Failed loads are left to the fixture's pairing with the response; every other console error fails here. */
  expectClean(render: string): void {
    this.mockWorkerUpdateRaces += setAsideMockWorkerUpdateRace(this.consoleErrors);
    const consoleErrors = this.consoleErrors
      .slice(this.consoleMark)
      .filter((line) => !line.startsWith('Failed to load resource'));
    expect(consoleErrors, `${render}: console errors`).toEqual([]);
    const own = this.failures.filter((failure) => this.fromCurrentDocument(failure.request));
    this.replacedDocumentFailures += this.failures.length - own.length;
    this.failures = own;
    expect(
      own.map((failure) => failure.line),
      `${render}: failed requests (only injected faults and the persona's own 404 may fail)`,
    ).toEqual([]);
  }
}

/**
 * Waits until the render has stopped changing: the first load has gone quiet, no skeleton is busy,
 * every mocked call has its answer, and the header's visible images have loaded (a partner logo arrives
 * after its co-branding call, which starts only once the config is in).
 */
export async function waitForSettledRender(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() => {
    const calls = window.__portalShellMocks?.requests ?? [];
    // Images in closed dropdowns are hidden and lazy: they load only when their panel opens.
    const images = [...document.querySelectorAll<HTMLImageElement>('header img')].filter((img) =>
      img.checkVisibility(),
    );
    return (
      calls.every((call) => call.status !== 'pending') && images.every((img) => img.complete && img.naturalWidth > 0)
    );
  });
}

/**
 * Before the next goto: a call that outlives its page is passed through by the mock worker and reaches
 * the server as a 404, which would be blamed on the next render.
 */
export async function waitForMockCallsToFinish(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (window.__portalShellMocks?.requests ?? []).every((call) => call.status !== 'pending'),
  );
}

/** The preview's own sanity: the banner links into the locale, and no error panel or alert is shown. */
export async function expectHeaderRendered(page: Page, render: string): Promise<void> {
  const banner = page.getByRole('banner');
  await expect(
    banner.getByRole('link').first(),
    `${render}: the first header link carries the locale base path`,
  ).toHaveAttribute('href', /^\/[a-z-]+\//);
  await expect(page.getByRole('alert'), `${render}: no alert or error panel`).toHaveCount(0);
}

/**
 * No horizontal overflow of the header: the banner does not scroll sideways, and nothing visible in it
 * ends past the viewport's right edge. An element clipped by an ancestor counts only up to that
 * ancestor's edge, since the clipped part is not on screen.
 */
export async function expectHeaderWithinViewport(page: Page, render: string): Promise<void> {
  const report = await page.getByRole('banner').evaluate((banner) => {
    const viewportRight = document.documentElement.clientWidth;
    const visibleRight = (el: Element): number => {
      let right = el.getBoundingClientRect().right;
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX !== 'visible') right = Math.min(right, parent.getBoundingClientRect().right);
      }
      return right;
    };
    const describe = (el: Element) => {
      const id =
        el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
      return `<${el.tagName.toLowerCase()}> "${id}" ends at ${Math.round(visibleRight(el))} px`;
    };
    const past = [banner, ...banner.querySelectorAll('*')].filter((el) => {
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const box = el.getBoundingClientRect();
      // Half a pixel absorbs sub-pixel layout rounding.
      return box.width > 0 && box.height > 0 && visibleRight(el) > viewportRight + 0.5;
    });
    return {
      scrollWidth: banner.scrollWidth,
      clientWidth: banner.clientWidth,
      viewportRight,
      past: past.slice(0, 5).map(describe),
    };
  });
  expect(
    report.scrollWidth,
    `${render}: banner scrollWidth ${report.scrollWidth} > clientWidth ${report.clientWidth}`,
  ).toBeLessThanOrEqual(report.clientWidth);
  expect(report.past, `${render}: header elements past the viewport's right edge (${report.viewportRight} px)`).toEqual(
    [],
  );
}

/**
 * The axe-core build @axe-core/playwright itself depends on, so this check and
 * expectNoSeriousA11yViolations (fixtures.ts) always run the same rules.
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Zero serious or critical axe violations, as expectNoSeriousA11yViolations in fixtures.ts, sized for
 * hundreds of renders: AxeBuilder re-injects axe and opens a blank page for every analysis; here axe is
 * injected once per document (the breakpoints of one page share it) and collects violations only. The
 * preview has no frames for axe to reach.
 */
export async function expectNoSeriousAxeViolations(page: Page, render: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
    };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')})`,
    ),
    `${render}: serious or critical axe violations`,
  ).toEqual([]);
}
