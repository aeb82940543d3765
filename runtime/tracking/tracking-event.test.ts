import { describe, expect, it } from 'vitest';
import {
  BOUNDED_CONTEXT,
  completeEvent,
  countryPlatformFor,
  customerGroupFor,
  footerTapEvent,
  logoutSuccessEvent,
  REDIRECT_KINDS,
  redirectEvent,
  SESSION_EVENT_KINDS,
  sessionEvent,
  shellFallbackEvent,
  TRACKING_EVENT_FIELDS,
  type TrackingContext,
} from './tracking-event';

const context: TrackingContext = {
  portal: 'customer-portal',
  country_platform: 'DE',
  browsing_platform: 'desktop',
  customer_group: 'private',
  page: 'dashboard',
};

describe('TrackingEvent', () => {
  it('has exactly the fields of the tracking event, custom_attribute_1 to custom_attribute_10 included', () => {
    expect(TRACKING_EVENT_FIELDS).toEqual([
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
      ...Array.from({ length: 10 }, (_, i) => `custom_attribute_${i + 1}`),
    ]);
  });

  it('completeEvent sets every field: the builder’s, the context’s, and null for the rest', () => {
    const event = completeEvent(
      {
        event_name: 'x_happened',
        object: 'x',
        action: 'do',
        zone: 'footer',
        component: 'legal',
        custom_attribute_3: 'three',
      },
      context,
    );
    expect(Object.keys(event).sort()).toEqual([...TRACKING_EVENT_FIELDS].sort());
    expect(event).toEqual({
      event_name: 'x_happened',
      object: 'x',
      action: 'do',
      portal: 'customer-portal',
      description: null,
      bounded_context: BOUNDED_CONTEXT,
      zone: 'footer',
      context: 'dashboard',
      component: 'legal',
      product_id: null,
      bips_domain: null,
      browsing_platform: 'desktop',
      country_platform: 'DE',
      customer_group: 'private',
      custom_attribute_1: null,
      custom_attribute_2: null,
      custom_attribute_3: 'three',
      custom_attribute_4: null,
      custom_attribute_5: null,
      custom_attribute_6: null,
      custom_attribute_7: null,
      custom_attribute_8: null,
      custom_attribute_9: null,
      custom_attribute_10: null,
    });
  });

  it('takes bips_domain and the page from the context when given', () => {
    const event = completeEvent(logoutSuccessEvent(), { ...context, page: undefined, bips_domain: 'savings' });
    expect(event.bips_domain).toBe('savings');
    expect(event.context).toBeNull();
  });
});

describe('event builders', () => {
  it('footer tap: the link text, its target and its section', () => {
    expect(footerTapEvent({ href: '/de-de/impressum/', label: 'Impressum', section: 'legal' })).toEqual({
      event_name: 'footer_link_tapped',
      object: 'footer_link',
      action: 'tap',
      zone: 'footer',
      component: 'legal',
      description: 'Impressum',
      custom_attribute_1: '/de-de/impressum/',
      custom_attribute_2: 'legal',
    });
  });

  it('logout success names where the logout started', () => {
    expect(logoutSuccessEvent()).toMatchObject({
      event_name: 'logout_succeeded',
      object: 'session',
      action: 'logout',
      zone: 'header',
      component: 'account_menu',
    });
    expect(logoutSuccessEvent('session_expired')).toMatchObject({
      zone: 'session_countdown',
      component: 'session_expired',
    });
    expect(logoutSuccessEvent('session_countdown')).toMatchObject({
      zone: 'session_countdown',
      component: 'session_countdown',
    });
  });

  it('one redirect event per forced-flow page, with target, origin and product', () => {
    expect(REDIRECT_KINDS).toEqual(['reference-account', 'financial-information', 'cdvc']);
    const objects = REDIRECT_KINDS.map((kind) => redirectEvent(kind).object);
    expect(objects).toEqual(['reference_account', 'financial_information', 'customer_data_validity_confirmation']);
    expect(
      redirectEvent('reference-account', {
        to: '/de-de/reference-account?product=TERM',
        from: '/de-de/dashboard/',
        productId: 'TERM',
      }),
    ).toEqual({
      event_name: 'forced_redirect',
      object: 'reference_account',
      action: 'redirect',
      zone: 'shell',
      component: 'forced_redirect',
      description: 'reference-account',
      product_id: 'TERM',
      custom_attribute_1: '/de-de/reference-account?product=TERM',
      custom_attribute_2: '/de-de/dashboard/',
    });
    expect(redirectEvent('cdvc')).toMatchObject({
      product_id: null,
      custom_attribute_1: null,
      custom_attribute_2: null,
    });
  });

  it('four session events with distinct names', () => {
    expect(SESSION_EVENT_KINDS).toEqual(['expired', 'extended-automatically', 'extended-manually', 'shown']);
    expect(SESSION_EVENT_KINDS.map((kind) => sessionEvent(kind).event_name)).toEqual([
      'session_expired',
      'session_extended_automatically',
      'session_extended_manually',
      'session_countdown_shown',
    ]);
    expect(sessionEvent('shown', { remainingSeconds: 120 })).toEqual({
      event_name: 'session_countdown_shown',
      action: 'show',
      object: 'session',
      zone: 'session_countdown',
      component: 'session_countdown',
      description: 'shown',
      custom_attribute_1: '120',
    });
    expect(sessionEvent('expired').custom_attribute_1).toBeNull();
  });
});

describe('context helpers', () => {
  it('country platform is the locale’s region, EU for the plain en config', () => {
    expect(countryPlatformFor('de-AT')).toBe('AT');
    expect(countryPlatformFor('en-gb')).toBe('GB');
    expect(countryPlatformFor('en')).toBe('EU');
  });

  it('customer group is visitor, private or company', () => {
    expect(customerGroupFor(undefined)).toBe('visitor');
    expect(customerGroupFor(null)).toBe('visitor');
    expect(customerGroupFor({ isCompanyCustomer: false })).toBe('private');
    expect(customerGroupFor({ isCompanyCustomer: true })).toBe('company');
  });
});

describe('shellFallbackEvent', () => {
  it('names the document, its URL and the reason; a render failure without a URL carries null', () => {
    expect(
      completeEvent(
        shellFallbackEvent({ document: 'de-DE', reason: 'wrong-shape', url: '/configs/de-DE.0123456789abcdef.json' }),
        context,
      ),
    ).toMatchObject({
      event_name: 'shell_fallback_shown',
      zone: 'shell',
      description: 'wrong-shape',
      custom_attribute_1: 'de-DE',
      custom_attribute_2: '/configs/de-DE.0123456789abcdef.json',
      custom_attribute_3: null,
    });
    expect(shellFallbackEvent({ document: 'de-DE', reason: 'render-error' }).custom_attribute_2).toBeNull();
  });
});
