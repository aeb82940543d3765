/**
 * Renders off the event loop (docs/operations.md#render-threads). A page's render is CPU work of tens of
 * milliseconds (React's render, parsing the HTML for the CSP's script hashes, Brotli) during which a thread
 * answers nothing; in the main thread, a flood of renders held /healthz and the API behind it for seconds.
 * Piscina's threads each load the render tree once and take one page at a time, at a lower CPU priority
 * than the main thread, so on a busy machine the event loop wins. The queue is bounded: a page that would
 * wait behind a full queue is not rendered at all (the caller sends the client-only page, which the browser
 * renders). With no thread (RENDER_THREADS=0), or while the threads cannot start, pages render here.
 */
import { Piscina } from 'piscina';
import { renderTask, type RenderedPage, type RenderTask } from './page-render';

/** The threads' module: tsx's loader first, since the render is TypeScript (as everywhere the server runs). */
const ENTRY = new URL('./render-worker.mjs', import.meta.url).href;

/** Tasks that may wait per thread; at ~20 ms a page, 16 is a third of a second before the client-only page is the faster answer. */
export const QUEUE_PER_THREAD = 16;

/**
 * How much lower the threads' CPU priority is than the main thread's (nice(2), Linux and macOS; @napi-rs/nice,
 * an optional dependency of Piscina: without it the threads run at the same priority).
 */
const NICE_INCREMENT = 10;

export interface RenderPool {
  /** The page, or undefined when the queue is full (the caller degrades to the client-only page). */
  render(task: RenderTask): Promise<RenderedPage | undefined>;
  /** Pages rendered in a thread and here, since the start. */
  readonly rendered: { inThreads: number; here: number };
  close(): Promise<void>;
}

export function createRenderPool(threads: number, log: (message: string) => void): RenderPool {
  return threads === 0 ? new HereRenderer() : new ThreadRenderer(threads, log);
}

/** The main thread renders (development, RENDER_THREADS=0): the page waits for nothing, and nothing else runs meanwhile. */
class HereRenderer implements RenderPool {
  readonly rendered = { inThreads: 0, here: 0 };

  async render(task: RenderTask): Promise<RenderedPage> {
    this.rendered.here++;
    return renderTask(task);
  }

  async close(): Promise<void> {}
}

class ThreadRenderer implements RenderPool {
  readonly rendered = { inThreads: 0, here: 0 };
  readonly #threads: number;
  readonly #log: (message: string) => void;
  /** Started with the first render: a service that renders no page loads no render thread. */
  #pool: Piscina<RenderTask, RenderedPage> | undefined;
  #failed = false;

  constructor(threads: number, log: (message: string) => void) {
    this.#threads = threads;
    this.#log = log;
  }

  async render(task: RenderTask): Promise<RenderedPage | undefined> {
    if (this.#failed) return this.#here(task);
    const pool = (this.#pool ??= new Piscina<RenderTask, RenderedPage>({
      filename: ENTRY,
      minThreads: this.#threads,
      maxThreads: this.#threads,
      // The threads stay: a new one loads the render tree again, which takes longer than many renders.
      idleTimeout: Infinity,
      maxQueue: this.#threads * QUEUE_PER_THREAD,
      niceIncrement: NICE_INCREMENT,
    }));
    if (pool.queueSize >= pool.options.maxQueue) return undefined;
    try {
      const page = await pool.run(task);
      this.rendered.inThreads++;
      return page;
    } catch (error) {
      // A page that cannot be rendered fails here too, with its own error. One that renders here lost its thread
      // (Piscina starts another); when no thread has ever rendered, they cannot load the render tree: render here from now on.
      const page = this.#here(task);
      const reason = error instanceof Error ? error.message : String(error);
      if (this.rendered.inThreads > 0) {
        this.#log(`a render thread failed (${reason}); the page was rendered in the main thread`);
        return page;
      }
      this.#failed = true;
      this.#log(`the render threads cannot start (${reason}); pages render in the main thread from now on`);
      void pool.destroy().catch(() => undefined);
      return page;
    }
  }

  #here(task: RenderTask): RenderedPage {
    this.rendered.here++;
    return renderTask(task);
  }

  async close(): Promise<void> {
    this.#failed = true;
    await this.#pool?.destroy();
  }
}
