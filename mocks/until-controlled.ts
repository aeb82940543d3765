/**
 * A page the mock worker does not control sends its calls past the mocks, so mocks/browser.ts reloads a
 * page that stays uncontrolled. portal.html registers the worker from its first script, so on a first
 * visit the worker is usually still installing when the page's side of the mocks starts; reloading then
 * would load the page twice and cancel every request of the first load. The worker claims open pages as
 * soon as it activates (mocks/service-worker/mock-service-worker.ts), so while an activation is pending,
 * waiting for that claim avoids the reload. An active worker claims nothing more, so a page it does not
 * control (a hard reload bypasses it) is left to the reload at once, as is a claim that does not come
 * within the wait.
 */

interface WorkerRegistration {
  readonly installing: unknown;
  readonly waiting: unknown;
  readonly active: { readonly state: string } | null;
}

/** The part of ServiceWorkerContainer this needs; a parameter so tests can pass their own. */
export interface WorkerContainer {
  readonly controller: unknown;
  getRegistration(): Promise<WorkerRegistration | undefined>;
  addEventListener(type: 'controllerchange', listener: () => void): void;
  removeEventListener(type: 'controllerchange', listener: () => void): void;
}

export const CONTROL_WAIT_MS = 3000;

function activationPending(registration: WorkerRegistration): boolean {
  return !!registration.installing || !!registration.waiting || registration.active?.state === 'activating';
}

declare global {
  interface Window {
    /** The registration portal.html's first script started (vite.config.ts), kept so no second lookup is needed. */
    __mockWorkerRegistration?: Promise<WorkerRegistration | undefined>;
  }
}

/**
 * Resolves once the page is controlled, at once when no activation is pending, or after `timeoutMs`.
 * `known` is a registration already asked for; without it the container is asked (one more round-trip to
 * the browser, which a first visit would wait for). A claim ends the wait even while `known` is pending:
 * on a first visit the worker often claims the page 30-60 ms before register() settles (Chromium settles
 * it once the registration is stored), and the page's first calls wait for this.
 */
export async function untilControlled(
  container: WorkerContainer | undefined,
  known?: Promise<WorkerRegistration | undefined>,
  timeoutMs = CONTROL_WAIT_MS,
): Promise<void> {
  if (!container || container.controller) return;
  let onClaim = () => undefined as void;
  const claimed = new Promise<'claimed'>((resolve) => (onClaim = () => resolve('claimed')));
  container.addEventListener('controllerchange', onClaim);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const registration = await Promise.race([known ?? container.getRegistration(), claimed]);
    if (registration === 'claimed' || !registration || container.controller || !activationPending(registration)) return;
    await Promise.race([claimed, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  } finally {
    clearTimeout(timer);
    container.removeEventListener('controllerchange', onClaim);
  }
}
