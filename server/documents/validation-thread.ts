/**
 * Validation off the event loop. Checking a document is proportional to its size, and a hostile body
 * within BODY_LIMIT_BYTES (tens of thousands of bad values) took up to a second of schema checks,
 * walks and source mapping: while it ran, /configs answered no customer
 * (server/http/hostile-bodies.hardening.test.ts). One worker thread runs the same validator; requests
 * queue in order. If the thread cannot start, or dies, validation runs in this thread instead, so a
 * save never fails for want of a worker.
 */
import { Worker } from 'node:worker_threads';
import {
  validateDocument,
  type CrossFileContext,
  type SourceText,
  type ValidatedDocument,
} from '../../schemas/validator/index';
import { canonicalText } from './canonical-text';

/** A draft as its stored text (a restore, a publish) or as parsed content (a save), which the thread prints to its canonical text. */
export type DraftInput = { text: string } | { content: unknown };
export type DraftSource = Omit<SourceText, 'text'> & DraftInput;

/** The verdict, and the text that would be stored: returned only for a document without problems (the one case that stores it). */
export interface ThreadResult {
  validated: ValidatedDocument;
  text: string | undefined;
}

export interface ValidationRequest {
  seq: number;
  source: DraftSource;
  context: CrossFileContext;
}

export type ValidationReply = { seq: number; result: ThreadResult } | { seq: number; error: string };

/** What the thread does for one request; also what runs here when there is no thread. */
export function validateDraftSource(source: DraftSource, context: CrossFileContext): ThreadResult {
  const text = 'text' in source ? source.text : canonicalText(source.content);
  const validated = validateDocument({ id: source.id, file: source.file, text }, context);
  return { validated, text: validated.problems.length === 0 ? text : undefined };
}

/** The worker's module: tsx's loader first, since the validator is TypeScript (as everywhere the server runs). */
const ENTRY = new URL('./validation-worker.mjs', import.meta.url);

export class ValidationThread {
  #worker: Worker | undefined;
  #failed = false;
  #seq = 0;
  readonly #pending = new Map<
    number,
    { request: ValidationRequest; resolve: (r: ThreadResult) => void; reject: (e: Error) => void }
  >();

  /** Validates like validateDocument; the parsed `value` and the text come back only for a document without problems (the one case that uses them). */
  async validate(source: DraftSource, context: CrossFileContext): Promise<ThreadResult> {
    const worker = this.#ensure();
    if (!worker) return validateDraftSource(source, context);
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
            resolve(validateDraftSource(request.source, request.context));
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
