import {
  adapterKind,
  createDataLayerCollector,
  createLocalCollector,
  createTracker,
  shellFallbackEvent,
  type Environment,
  type TrackingContext,
  type TrackingIdentity,
} from '../tracking';
import type { ShellFailure } from './screen-state';

export interface FallbackReporter {
  logger: Pick<Console, 'error'>;
  track: (failure: ShellFailure) => void;
}

const reported = new Set<string>();

/**
 * Says once per page and failure why the fallback chrome is on screen: a console error naming the
 * document, its URL and what is wrong, and the `shell_fallback_shown` tracking event.
 */
export function reportShellFallback(failure: ShellFailure, reporter: FallbackReporter): void {
  if (reported.has(failure.message)) return;
  reported.add(failure.message);
  reporter.logger.error(
    `portal-shell: ${failure.message}; showing the fallback header and footer (docs/architecture.md#fallback-chrome)`,
  );
  reporter.track(failure);
}

/** Tests start each case with nothing reported. */
export function forgetReportedFallbacks(): void {
  reported.clear();
}

/**
 * The tracker the fallback sends with. The shell's tracking runtime needs the locale config (consent
 * settings, tag-manager group), which is what failed; events go to the same collector it would use
 * (the data layer in production, the page recorder elsewhere), without consent or tag-manager set-up.
 */
export function fallbackTracking(
  environment: Environment,
  context: TrackingContext,
  identity: () => TrackingIdentity,
): (failure: ShellFailure) => void {
  const collector =
    adapterKind(environment) === 'production' ? createDataLayerCollector(window) : createLocalCollector();
  const tracker = createTracker({ collector, identity, context });
  return (failure) =>
    void tracker.track(
      shellFallbackEvent({
        document: failure.document,
        reason: failure.reason,
        ...(failure.url ? { url: failure.url } : {}),
      }),
    );
}
