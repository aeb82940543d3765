import { useEffect, type ReactNode } from 'react';
import { ConfigLoadError } from '../config/get-published-config';

export type PortalPart = 'header' | 'footer' | 'shell';

const reported = new WeakSet<object>();

/**
 * Says once, in the console, why a part shows no chrome: the document, its URL and what is wrong
 * (ConfigLoadError's message, docs/architecture.md#fallback-chrome), or the bad prop. Parts sharing one failed
 * request share its error object, so a header and a footer report it once.
 */
export function useReportFailure(part: PortalPart, error: unknown): void {
  useEffect(() => {
    if (error === undefined || (typeof error === 'object' && error !== null && reported.has(error))) return;
    if (typeof error === 'object' && error !== null) reported.add(error);
    const what = error instanceof ConfigLoadError || error instanceof Error ? error.message : String(error);
    console.error(`portal-shell: the ${part} cannot render: ${what}`);
  }, [part, error]);
}

/** While the documents load: an empty, labelled placeholder (the shell shows the host's page meanwhile). */
export function PartLoading({ part, children }: { part: PortalPart; children?: ReactNode }) {
  return (
    <div data-portal-part={part} aria-busy="true">
      {children}
    </div>
  );
}

/** A header or footer whose documents failed renders nothing but says why (useReportFailure). */
export function PartFailed({ part, error }: { part: PortalPart; error: unknown }) {
  useReportFailure(part, error);
  return null;
}
