/**
 * How the editor workspace's speed is measured from outside the page, one home for the specs
 * (tests/editor-visual-editing.spec.ts, tests/editor-search.spec.ts) and `npm run bench`
 * (bench/editor-workspace.bench.ts); docs/editor-workspace.md#speed and docs/editor-search.md#search-speed say
 * what the figures mean. Here rather than in tests/ or bench/, which may not import each other
 * (docs/architecture.md#boundaries).
 *
 * Each figure comes twice: `wall`, Playwright's wall clock around the action, ended by a promise the page resolves
 * (it is in flight before the action starts, so its answer costs one message back and no polling interval), and
 * `inPage`, the same span on the page's own clock, from the input event's own time stamp.
 *
 * The page-side code is plain source: tsx (the bench's runner) would wrap named functions in a `__name` helper
 * that does not exist in the browser.
 */
import type { Locator, Page } from '@playwright/test';

export interface Timing {
  /** From outside: ms of Playwright's wall clock from the action to the page's answer. */
  wall: number;
  /** In the page: ms between the input event and the result, on the page's clocks. */
  inPage: number;
}

/** The page's answer, or an error naming what never came: a run that stops must say why, not hang. */
function answer<T>(promise: Promise<T>, what: string, timeoutMs = 15_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) =>
      (timer = setTimeout(() => reject(new Error(`${what} did not happen within ${timeoutMs} ms`)), timeoutMs)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * When the page's answer reached Playwright, on this process's clock: not when the driver's own acknowledgements
 * of the input (the key's release, the button's) came back, which wait for the page's main thread too.
 */
function arrival<T>(promise: Promise<T>): Promise<{ value: T; at: number }> {
  return promise.then((value) => ({ value, at: performance.now() }));
}

/** The editor preview's frame (a same-origin iframe at /preview?…&source=editor). */
function previewFrame(page: Page) {
  const frame = page.frames().find((f) => f.url().includes('/preview?'));
  if (!frame) throw new Error('the preview frame is not loaded');
  return frame;
}

/**
 * Editor page: a promise on window that resolves when the field at `pointer` takes focus, with the time on the
 * preview frame's clock (the frame is same-origin, so the editor reads its clock directly: two documents' epoch
 * times can disagree by more than the span measured).
 */
const ARM_FOCUS = (pointer: string) => `
  window.__psFocused = new Promise((resolve) => {
    const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow?.location.href.includes('/preview?'));
    const on = () => {
      if (document.activeElement?.getAttribute('data-pointer') !== ${JSON.stringify(pointer)}) return;
      document.removeEventListener('focusin', on, true);
      resolve(frame.contentWindow.performance.now());
    };
    document.addEventListener('focusin', on, true);
  });
  undefined;
`;

/** Preview frame: the next press's own event time (when the input happened, before any handler ran). */
const ARM_PRESS = `
  window.__psPressedAt = null;
  window.addEventListener('pointerdown', (e) => (window.__psPressedAt = e.timeStamp), { capture: true, once: true });
  undefined;
`;

/**
 * Clicks the middle of `target` (an item in the preview frame) and times it until the editor's field at `pointer`
 * has focus. The pointer moves onto the item first, untimed, as a hand hovers before it presses; the clock runs
 * from the press, which is when the preview selects (docs/editor-workspace.md#visual-editing), to the focusin. The
 * release follows the answer, so the driver's own round trip for it is not counted.
 */
export async function timedClick(page: Page, target: Locator, pointer: string): Promise<Timing> {
  const box = await target.boundingBox();
  if (!box) throw new Error(`${target} has no box in the preview`);
  const preview = previewFrame(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await preview.evaluate(ARM_PRESS);
  await page.evaluate(ARM_FOCUS(pointer));
  const focused = arrival(page.evaluate(() => (window as unknown as { __psFocused: Promise<number> }).__psFocused));
  const started = performance.now();
  await page.mouse.down();
  const { value: focusedAt, at } = await answer(focused, `focus on the field at ${pointer} after the press`);
  await page.mouse.up();
  const pressedAt = await preview.evaluate(() => (window as unknown as { __psPressedAt: number | null }).__psPressedAt);
  if (pressedAt === null) throw new Error('the press did not reach the preview frame');
  return { wall: at - started, inPage: focusedAt - pressedAt };
}

/**
 * Editor page: a promise on window that resolves on the first animation frame whose result list
 * (`[role=listbox][data-query]`) is for `query` and shows a result row, with the ms since the next keydown's own
 * event time. Polled every frame, so what it sees is what that frame paints.
 */
const ARM_RESULTS = (query: string) => `
  window.__psResults = new Promise((resolve) => {
    let keyAt = 0;
    window.addEventListener('keydown', (e) => (keyAt = e.timeStamp), { capture: true, once: true });
    const poll = () => {
      const list = document.querySelector('[role=listbox][data-query]');
      if (keyAt && list?.getAttribute('data-query') === ${JSON.stringify(query)} && list.querySelector('[role=option]')) resolve(performance.now() - keyAt);
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
  undefined;
`;

/**
 * Presses `key` in the focused search field, which makes its query `query`, and times it until the first result
 * rows of that query are on screen.
 */
export async function timedSearchKey(page: Page, key: string, query: string): Promise<Timing> {
  await page.evaluate(ARM_RESULTS(query));
  const painted = arrival(page.evaluate(() => (window as unknown as { __psResults: Promise<number> }).__psResults));
  const started = performance.now();
  await page.keyboard.press(key);
  const { value: inPage, at } = await answer(painted, `results for "${query}" after the key`);
  return { wall: at - started, inPage };
}

/**
 * Queries that each hit many of the 15 documents: labels in several languages, an id, a URL path. The last
 * character is the timed keystroke.
 */
export const SEARCH_QUERIES = [
  'festgeld',
  'tagesgeld',
  'kontakt',
  'about us',
  'press',
  'log in',
  'open an account',
  'help centre',
  'partner',
  'savings',
  'overview',
  'careers',
  'steuern',
  'lokaty',
  'depósitos',
  'garantie',
  'varainhoito',
  'products',
  '/festgeld/',
  'login',
] as const;
