/**
 * Publishes approved change sets at their scheduled time (docs/workflow.md#scheduled-publishing). The schedule
 * lives in the set's record, so it survives a restart: `start` reads every record and publishes at once what
 * fell due while the server was down. One timer, for the next due set; any change to a set re-reads the
 * schedules. A publication that cannot happen is recorded on the set by the service, never thrown.
 */
import { dueAt } from './change-set-rules';
import type { ChangeSetService } from './change-set-service';

/**
 * How often the schedules are read again without a change in this process: with several instances on one database
 * (docs/operations.md#postgresql), a set scheduled on another instance is armed here within this time, so the
 * schedule still fires on time if that instance is gone.
 */
const REREAD_MS = 30_000;

export interface SchedulerOptions {
  /** Test seam: the clock the timer is set by (the service has its own). */
  now?: () => number;
  /** Test seam: how often the schedules are read again (default 30 s). */
  rereadMs?: number;
}

export class ChangeSetScheduler {
  readonly #service: ChangeSetService;
  readonly #now: () => number;
  readonly #rereadMs: number;
  #timer: NodeJS.Timeout | undefined;
  /** The current pass (arm, then publish what is due); passes never overlap. */
  #pass: Promise<void> = Promise.resolve();
  #again = false;
  #running = false;
  #stopped = false;
  #unsubscribe: (() => void) | undefined;

  constructor(service: ChangeSetService, options: SchedulerOptions = {}) {
    this.#service = service;
    this.#now = options.now ?? Date.now;
    this.#rereadMs = options.rereadMs ?? REREAD_MS;
  }

  /** Reads every schedule, publishes what is due now and arms the timer. Resolves once that first pass is done. */
  start(): Promise<void> {
    this.#unsubscribe = this.#service.onChange(() => this.#kick());
    this.#kick();
    return this.settled();
  }

  /** Resolves when no pass is running or queued. */
  async settled(): Promise<void> {
    while (this.#running || this.#again) await this.#pass;
  }

  /** Stops the timer and waits for a publication in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unsubscribe?.();
    clearTimeout(this.#timer);
    await this.settled();
  }

  /** Runs a pass now, or once more after the one running (a change may have come after it read the sets). */
  #kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    this.#pass = this.#run().finally(() => {
      this.#running = false;
      if (this.#again) {
        this.#again = false;
        this.#kick();
      }
    });
  }

  async #run(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    try {
      const { changeSets } = await this.#service.list();
      let next: number | undefined;
      for (const set of changeSets) {
        const at = dueAt(set);
        if (at === undefined) continue;
        // Each due set is published (or its failure recorded) by the service, which never throws here.
        if (at <= this.#now()) await this.#service.publishDue(set.id);
        else next = next === undefined ? at : Math.min(next, at);
      }
      if (!this.#stopped) {
        const delay = next === undefined ? this.#rereadMs : Math.min(Math.max(next - this.#now(), 0), this.#rereadMs);
        this.#timer = setTimeout(() => this.#kick(), delay);
        // The timer alone does not keep a process alive: the server's socket does, and a test's store closes.
        this.#timer.unref();
      }
    } catch (error) {
      // Reading the records failed (a damaged store): say so and look again in a minute.
      console.error(`config service: the publication schedule could not be read: ${String(error)}; retrying in 60 s`);
      if (!this.#stopped) this.#timer = setTimeout(() => this.#kick(), 60_000).unref();
    }
  }
}
