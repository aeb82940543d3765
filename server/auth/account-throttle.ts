/**
 * Failed sign-ins per account, whatever address they come from. The per-IP limit alone gave every
 * extra source address another SIGNIN_RATE_LIMIT guesses at the same password; this caps the guesses
 * per account at the same number per window. Unknown names are counted exactly like real ones, so a
 * 429 says nothing about whether an account exists.
 */
export interface AccountThrottleOptions {
  /** Failed attempts per account per window. */
  max: number;
  windowMs: number;
  /** Names tracked at once; the oldest window is dropped beyond it, so random names cannot grow memory without bound. */
  capacity?: number;
  now?: () => number;
}

/**
 * Where failed sign-ins per account are counted: process memory (AccountThrottle, the file store) or the database
 * every instance shares (throttle-postgres.ts), so N instances together allow what one did.
 */
export interface AccountLimiter {
  /**
   * Counts one sign-in attempt whose password check gave `succeeded` (a failure counts; a success does not) and
   * answers how many milliseconds the account must wait: 0 lets the attempt through, more refuses it with 429.
   * Refused once `max` failures fell in the window, even with the right password.
   */
  attempt(username: string, succeeded: boolean): Promise<number>;
}

export class AccountThrottle implements AccountLimiter {
  readonly #windows = new Map<string, { failures: number; resetAt: number }>();
  readonly #options: Required<AccountThrottleOptions>;

  constructor(options: AccountThrottleOptions) {
    this.#options = { capacity: 10_000, now: Date.now, ...options };
  }

  // Check and count happen with no await between them, so concurrent attempts in this process cannot both slip past.
  async attempt(username: string, succeeded: boolean): Promise<number> {
    const waitMs = this.retryAfterMs(username);
    if (waitMs === 0 && !succeeded) this.recordFailure(username);
    return waitMs;
  }

  /** Milliseconds until `username` may try again; 0 when it may now. */
  retryAfterMs(username: string): number {
    const window = this.#live(username);
    return window && window.failures >= this.#options.max ? window.resetAt - this.#options.now() : 0;
  }

  recordFailure(username: string): void {
    const window = this.#live(username);
    if (window) {
      window.failures++;
      return;
    }
    if (this.#windows.size >= this.#options.capacity) this.#windows.delete(this.#windows.keys().next().value!);
    this.#windows.set(username, { failures: 1, resetAt: this.#options.now() + this.#options.windowMs });
  }

  #live(username: string) {
    const window = this.#windows.get(username);
    if (window && window.resetAt <= this.#options.now()) {
      this.#windows.delete(username);
      return undefined;
    }
    return window;
  }
}
