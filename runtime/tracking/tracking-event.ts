import type { TrackingIdentity } from './tracking-identity';

/**
 * The tracking event and one builder per event kind the shell sends (docs/rules.md#tracking): footer
 * taps, logout success, the three forced redirects and the four session events.
 *
 * Builders return only what the event itself knows (TrackingEventInput); the tracker adds the page
 * context (portal, platform, country, customer group) with completeEvent(). Every key is always
 * present: a value that does not apply is null. Tag managers merge pushes into one data model, so a
 * key left out would silently carry the previous event's value over.
 */

export type BrowsingPlatform = 'mobile' | 'desktop';

export interface TrackingEvent {
  event_name: string;
  object: string;
  action: string;
  portal: string;
  description: string | null;
  bounded_context: string;
  zone: string;
  /** The page the event happened on (the host's page kind), null when unknown. */
  context: string | null;
  component: string;
  product_id: string | null;
  bips_domain: string | null;
  browsing_platform: BrowsingPlatform;
  country_platform: string;
  customer_group: string;
  custom_attribute_1: string | null;
  custom_attribute_2: string | null;
  custom_attribute_3: string | null;
  custom_attribute_4: string | null;
  custom_attribute_5: string | null;
  custom_attribute_6: string | null;
  custom_attribute_7: string | null;
  custom_attribute_8: string | null;
  custom_attribute_9: string | null;
  custom_attribute_10: string | null;
}

/** Every field of TrackingEvent, in the collector's order. */
export const TRACKING_EVENT_FIELDS = [
  'event_name',
  'object',
  'action',
  'portal',
  'description',
  'bounded_context',
  'zone',
  'context',
  'component',
  'product_id',
  'bips_domain',
  'browsing_platform',
  'country_platform',
  'customer_group',
  'custom_attribute_1',
  'custom_attribute_2',
  'custom_attribute_3',
  'custom_attribute_4',
  'custom_attribute_5',
  'custom_attribute_6',
  'custom_attribute_7',
  'custom_attribute_8',
  'custom_attribute_9',
  'custom_attribute_10',
] as const satisfies readonly (keyof TrackingEvent)[];

/** One event as a collector receives it: the event's fields plus the identity it was sent with (tracking-identity.ts). */
export interface CollectedEvent {
  event: TrackingEvent;
  identity: TrackingIdentity | null;
}

/** Fields that come from where the event happened, not from the event: the tracker fills them. */
export interface TrackingContext {
  portal: string;
  country_platform: string;
  browsing_platform: BrowsingPlatform;
  customer_group: string;
  /** The page kind (home, login, dashboard…); becomes the event's `context`. */
  page?: string;
  bips_domain?: string;
}

type ContextField =
  | 'portal'
  | 'country_platform'
  | 'browsing_platform'
  | 'customer_group'
  | 'context'
  | 'bips_domain'
  | 'bounded_context';
type RequiredEventField = 'event_name' | 'object' | 'action' | 'zone' | 'component';

/** What a builder returns: the event's own fields; optional ones default to null. */
export type TrackingEventInput = Pick<TrackingEvent, RequiredEventField> &
  Partial<Omit<TrackingEvent, RequiredEventField | ContextField>>;

/** Every event the shell sends belongs to the shell's bounded context. */
export const BOUNDED_CONTEXT = 'portal_shell';

/** The builder's fields plus the context; every optional field the builder left out is null. */
export function completeEvent(input: TrackingEventInput, context: TrackingContext): TrackingEvent {
  return {
    event_name: input.event_name,
    object: input.object,
    action: input.action,
    portal: context.portal,
    description: input.description ?? null,
    bounded_context: BOUNDED_CONTEXT,
    zone: input.zone,
    context: context.page ?? null,
    component: input.component,
    product_id: input.product_id ?? null,
    bips_domain: context.bips_domain ?? null,
    browsing_platform: context.browsing_platform,
    country_platform: context.country_platform,
    customer_group: context.customer_group,
    custom_attribute_1: input.custom_attribute_1 ?? null,
    custom_attribute_2: input.custom_attribute_2 ?? null,
    custom_attribute_3: input.custom_attribute_3 ?? null,
    custom_attribute_4: input.custom_attribute_4 ?? null,
    custom_attribute_5: input.custom_attribute_5 ?? null,
    custom_attribute_6: input.custom_attribute_6 ?? null,
    custom_attribute_7: input.custom_attribute_7 ?? null,
    custom_attribute_8: input.custom_attribute_8 ?? null,
    custom_attribute_9: input.custom_attribute_9 ?? null,
    custom_attribute_10: input.custom_attribute_10 ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Context helpers

/** "de-DE" → "DE", "en-GB" → "GB"; the plain "en" config (country selector, corporate) → "EU". */
export function countryPlatformFor(locale: string): string {
  const region = locale.split('-')[1];
  return region ? region.toUpperCase() : 'EU';
}

export type CustomerGroup = 'visitor' | 'private' | 'company';

/** visitor when nobody is logged in (or no customer record yet), otherwise private or company. */
export function customerGroupFor(customer: { isCompanyCustomer: boolean } | null | undefined): CustomerGroup {
  if (!customer) return 'visitor';
  return customer.isCompanyCustomer ? 'company' : 'private';
}

// ---------------------------------------------------------------------------------------------
// Builders, one per event kind (docs/rules.md#tracking). Event names are facts, in snake_case.

export interface FooterLinkTap {
  href: string;
  label: string;
  /** review, contact, column:<id>, app-banner, social, legal or credits. */
  section: string;
}

/** A footer link was activated: description is the link text, attributes 1–2 the target and section. */
export function footerTapEvent(tap: FooterLinkTap): TrackingEventInput {
  return {
    event_name: 'footer_link_tapped',
    object: 'footer_link',
    action: 'tap',
    zone: 'footer',
    component: tap.section,
    description: tap.label,
    custom_attribute_1: tap.href,
    custom_attribute_2: tap.section,
  };
}

/** Where a logout started: the account menu, the countdown's logout button, or session expiry. */
export type LogoutTrigger = 'account_menu' | 'session_countdown' | 'session_expired';

/** The session ended (docs/rules.md#logout); sent after the logout call succeeded, before navigating. */
export function logoutSuccessEvent(trigger: LogoutTrigger = 'account_menu'): TrackingEventInput {
  return {
    event_name: 'logout_succeeded',
    object: 'session',
    action: 'logout',
    zone: trigger === 'account_menu' ? 'header' : 'session_countdown',
    component: trigger,
  };
}

/** The three forced redirects (docs/rules.md#forced-redirects), in priority order. */
export const REDIRECT_KINDS = ['reference-account', 'financial-information', 'cdvc'] as const;
export type RedirectKind = (typeof REDIRECT_KINDS)[number];

const REDIRECT_OBJECTS: Record<RedirectKind, string> = {
  'reference-account': 'reference_account',
  'financial-information': 'financial_information',
  cdvc: 'customer_data_validity_confirmation',
};

export interface RedirectDetails {
  /** Where the customer is sent. */
  to?: string;
  /** The page they were on. */
  from?: string;
  /** The reference-account page's product query. */
  productId?: string;
}

/** A customer was sent to a forced-flow page: object names the page, attributes 1–2 the target and origin. */
export function redirectEvent(kind: RedirectKind, details: RedirectDetails = {}): TrackingEventInput {
  return {
    event_name: 'forced_redirect',
    object: REDIRECT_OBJECTS[kind],
    action: 'redirect',
    zone: 'shell',
    component: 'forced_redirect',
    description: kind,
    product_id: details.productId ?? null,
    custom_attribute_1: details.to ?? null,
    custom_attribute_2: details.from ?? null,
  };
}

/** The four session analytics events (docs/rules.md#tracking). */
export const SESSION_EVENT_KINDS = ['expired', 'extended-automatically', 'extended-manually', 'shown'] as const;
export type SessionEventKind = (typeof SESSION_EVENT_KINDS)[number];

const SESSION_EVENTS: Record<SessionEventKind, Pick<TrackingEventInput, 'event_name' | 'action'>> = {
  expired: { event_name: 'session_expired', action: 'expire' },
  'extended-automatically': { event_name: 'session_extended_automatically', action: 'extend' },
  'extended-manually': { event_name: 'session_extended_manually', action: 'extend' },
  shown: { event_name: 'session_countdown_shown', action: 'show' },
};

/** Session countdown events; attribute 1 carries the remaining seconds when the caller knows them. */
export function sessionEvent(kind: SessionEventKind, details: { remainingSeconds?: number } = {}): TrackingEventInput {
  return {
    ...SESSION_EVENTS[kind],
    object: 'session',
    zone: 'session_countdown',
    component: 'session_countdown',
    description: kind,
    custom_attribute_1: details.remainingSeconds === undefined ? null : String(details.remainingSeconds),
  };
}

export interface ShellFallbackDetails {
  /** The document that could not be used: a document id, `manifest`, or the config id whose render failed. */
  document: string;
  /** Why: unreachable, timeout, http-status, not-json, wrong-shape, not-published or render-error. */
  reason: string;
  /** The file's URL when one was asked for. */
  url?: string;
}

/**
 * The fallback chrome (logo-only header, minimal footer) was shown because a published document could
 * not be used (docs/architecture.md#fallback-chrome): description is the reason, attributes 1–2 the
 * document and its URL.
 */
export function shellFallbackEvent(details: ShellFallbackDetails): TrackingEventInput {
  return {
    event_name: 'shell_fallback_shown',
    object: 'shell',
    action: 'fallback',
    zone: 'shell',
    component: 'fallback_chrome',
    description: details.reason,
    custom_attribute_1: details.document,
    custom_attribute_2: details.url ?? null,
  };
}
