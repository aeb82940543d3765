import { useEffect, type ReactNode } from 'react';
import { FallbackChrome } from '../components/FallbackChrome/FallbackChrome';
import type { PageKind } from '../../schemas/contracts';
import { countryPlatformFor, customerGroupFor } from '../tracking';
import { getAppServices } from './app-services';
import { readDeviceId } from './preferences';
import { fallbackTracking, reportShellFallback } from './report-shell-fallback';
import type { ShellFailure } from './screen-state';

export interface FallbackScreenProps {
  failure: ShellFailure;
  /** The config id that should have rendered (`de-DE`): the fallback's language and tracking country. */
  configId: string;
  page: PageKind;
  homeHref: string;
  /** A logged-in customer's number, for the tracking identity. */
  customerNumber?: string;
  children: ReactNode;
}

/** The fallback chrome around the page, reported once (console error and tracking event) when it first shows. */
export function FallbackScreen({ failure, configId, page, homeHref, customerNumber, children }: FallbackScreenProps) {
  useEffect(() => {
    // Reported once per failure (reportShellFallback remembers), however often this renders; the tracker is made only then.
    reportShellFallback(failure, {
      logger: console,
      track: (reported) =>
        fallbackTracking(
          getAppServices().environment.name,
          // The customer group needs the customer's data, which the shell has not asked for: a visitor is known, a customer's group is not.
          {
            portal: 'customer-portal',
            country_platform: countryPlatformFor(configId),
            browsing_platform: window.matchMedia?.('(max-width: 47.99em)').matches ? 'mobile' : 'desktop',
            customer_group: customerNumber ? 'unknown' : customerGroupFor(null),
            page,
          },
          () => ({ deviceId: readDeviceId(), ...(customerNumber ? { customerId: customerNumber } : {}) }),
        )(reported),
    });
  }, [failure, configId, page, customerNumber]);
  return (
    <FallbackChrome language={configId} homeHref={homeHref}>
      {children}
    </FallbackChrome>
  );
}

/** The preview's explanation above the page: what customers would get this fallback for, and what to do. */
export function FallbackNotice({ failure }: { failure: ShellFailure }) {
  return (
    <p
      role="alert"
      data-testid="fallback-notice"
      style={{
        margin: '24px 0 0',
        padding: 16,
        border: '1px solid #b42318',
        borderRadius: 8,
        background: '#fff5f4',
        color: '#0b2545',
      }}
    >
      <strong>Customers see the fallback header and footer:</strong> {failure.message}. Publish a valid version in the
      editor, then reload.
    </p>
  );
}
