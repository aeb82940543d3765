/**
 * The render threads (docs/operations.md#render-threads): a page renders in a thread to the same bytes as here, and
 * a queue that is full turns pages away (the caller sends the client-only page) instead of holding them.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { renderTask, type RenderTask } from './page-render';
import { createRenderPool, QUEUE_PER_THREAD } from './render-pool';

const doc = (id: string) => ({ file: `${id}.test.json`, text: readFileSync(`config/${id}.json`, 'utf8') });
const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Depona</title></head><body><div id="root"></div></body></html>';
const task: RenderTask = {
  kind: 'page',
  facts: { pathname: '/de-de/login/', page: 'login', configId: 'de-DE', loggedIn: false },
  documents: { config: doc('de-DE'), markets: doc('markets'), flags: doc('flags') },
  now: Date.UTC(2026, 6, 1),
  template: TEMPLATE,
  dev: false,
};

const pool = createRenderPool(1, () => undefined);
afterAll(() => pool.close());

describe('the render threads', () => {
  it('render a page to the bytes and headers the main thread renders', async () => {
    const inThread = await pool.render(task);
    const here = renderTask(task);
    expect(Buffer.from(inThread!.body).equals(Buffer.from(here.body))).toBe(true);
    expect(inThread!.headers).toEqual(here.headers);
    expect(pool.rendered).toEqual({ inThreads: 1, here: 0 });
  }, 60_000);

  it('turn pages away once the queue is full, and render the rest', async () => {
    const asked = QUEUE_PER_THREAD * 3;
    const pages = await Promise.all(
      Array.from({ length: asked }, (_, i) => pool.render({ ...task, now: task.now + i })),
    );
    const rendered = pages.filter(Boolean).length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(QUEUE_PER_THREAD + 1);
    expect(pool.rendered.here).toBe(0);
  }, 120_000);
});
