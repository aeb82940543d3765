/**
 * The embeddable shell's public surface: what `npm run build:lib` publishes (docs/embedding.md). Only what is
 * listed here is public API (docs/embedding.md#versioning); everything else under runtime/ may change in any release.
 */
export { PortalHeader, type PortalHeaderProps } from './package/PortalHeader';
export { PortalFooter, type PortalFooterProps } from './package/PortalFooter';
export { PortalShell, type PortalShellProps } from './package/PortalShell';
export type { PortalProps, PortalLogoutEvent } from './package/portal-props';
export type { PageKind } from '../schemas/contracts';
export type { FlagsDocument, LocaleConfig, MarketsDocument } from '../schemas/generated/config-types';
export type { CollectedEvent, TrackingEvent, TrackingIdentity } from './tracking';
export type { TokenStorage } from './session';
