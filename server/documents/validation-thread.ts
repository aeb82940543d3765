/**
 * Validation off the event loop. Checking a document is proportional to its size, and a hostile body
 * within BODY_LIMIT_BYTES (tens of thousands of bad values) took up to a second of schema checks,
 * walks and source mapping: while it ran, /configs answered no customer
 * (server/http/hostile-bodies.hardening.test.ts). One worker thread runs the same validator; requests
 * queue in order. If the thread cannot start, or dies, validation runs in this thread instead, so a
 * save never fails for want of a worker.
 */
import { Worker } from 'node:worker_threads';
import { validateDocument, type CrossFileContext, type SourceText, type ValidatedDocument } from '../../schemas/validator/index';

export interface ValidationRequest {
  seq: number;
  source: SourceText;
  context: CrossFileContext;
}

export type ValidationReply = { seq: number; result: ValidatedDocument } | { seq: number; error: string };

/** The worker's module: tsx's loader first, since the validator is TypeScript (as everywhere the server runs). */
const ENTRY = new URL('./validation-worker.mjs', import.meta.url);

export class ValidationThread {
  #worker: Worker | undefined;
  #failed = false;
  #seq = 0;
  readonly #pending = new Map<number, { request: ValidationRequest; resolve: (r: ValidatedDocument) => void; reject: (e: Error) => void }>();

  /** Validates like validateDocument; the parsed `value` comes back only for a document without problems (the one case that uses it). */
  async validate(source: SourceText, context: CrossFileContext): Promise<ValidatedDocument> {
    const worker = this.#ensure();
    if (!worker) return validateDocument(source, context);
    const seq = ++this.#seq;
    const request: ValidationRequest = { seq, source, context };
    return new Promise((resolve, reject) => {
      this.#pending.set(seq, { request, resolve, reject });
      // Held while an answer is awaited (a start-up publish awaits one before anything else keeps the process alive).
      worker.ref();
      worker.postMessage(request);
    });
  }

  #ensure(): Worker | undefined {
    if (this.#worker || this.#failed) return this.#worker;
    try {
      const worker = new Worker(ENTRY);
      // An idle validator thread must not keep the process (or a test run) alive.
      worker.unref();
      worker.on('message', (reply: ValidationReply) => {
        const pending = this.#pending.get(reply.seq);
        this.#pending.delete(reply.seq);
        if (this.#pending.size === 0) worker.unref();
        if ('error' in reply) pending?.reject(new Error(`validation failed in the worker: ${reply.error}`));
        else pending?.resolve(reply.result);
      });
      // From now on, and for what was in flight, validate here.
      const fail = () => {
        this.#failed = true;
        this.#worker = undefined;
        for (const { request, resolve, reject } of this.#pending.values()) {
          try {
            resolve(validateDocument(request.source, request.context));
          } catch (error) {
            reject(error as Error);
          }
        }
        this.#pending.clear();
      };
      worker.on('error', fail);
      worker.on('exit', fail);
      this.#worker = worker;
    } catch {
      this.#failed = true;
    }
    return this.#worker;
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    this.#failed = true;
    this.#worker = undefined;
    await worker?.terminate();
  }
}
