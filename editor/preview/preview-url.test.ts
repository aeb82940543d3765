import { describe, expect, it } from 'vitest';
import { SCENARIO_DEFAULTS } from '../../schemas/contracts/preview-params';
import { parsePreviewUrl, previewFrameSrc, publishedPreviewHref, serializePreviewUrl } from './preview-url';

const FLAGS = ['paymentMethodScreens', 'newDashboard', 'designV2', 'footerV2'];

describe('the document page URL ↔ preview scenario', () => {
  it('a locale document opens on its own locale, 1280 px, every other default', () => {
    expect(parsePreviewUrl('', 'fr-FR', FLAGS)).toEqual({
      state: { scenario: { ...SCENARIO_DEFAULTS, locale: 'fr-FR' }, viewport: 1280 },
      errors: [],
    });
    expect(parsePreviewUrl('', 'markets', FLAGS).state.scenario.locale).toBe('de-DE');
  });

  it('reads the whole scenario and the viewport from a shared link', () => {
    const { state, errors } = parsePreviewUrl(
      'locale=en-GB&persona=customer&page=dashboard&flags=designV2,footerV2&access=HAS_FIXED_DEPOSIT_ACCOUNT&data=maintenance&latency=300&fault=customer:503&viewport=375',
      'de-DE',
      FLAGS,
    );
    expect(errors).toEqual([]);
    expect(state).toEqual({
      scenario: {
        ...SCENARIO_DEFAULTS,
        locale: 'en-GB',
        persona: 'customer',
        page: 'dashboard',
        flags: ['designV2', 'footerV2'],
        access: ['HAS_FIXED_DEPOSIT_ACCOUNT'],
        data: ['maintenance'],
        latency: 300,
        faults: [{ endpoint: 'customer', kind: 503 }],
      },
      viewport: 375,
    });
  });

  it('writes the locale first and always, then only non-default values, and reads back the same state', () => {
    const state = {
      scenario: { ...SCENARIO_DEFAULTS, locale: 'de-DE', persona: 'company' as const, flags: ['paymentMethodScreens'] },
      viewport: 768,
    };
    const query = serializePreviewUrl(state).toString();
    expect(query).toBe('locale=de-DE&persona=company&flags=paymentMethodScreens&viewport=768');
    expect(parsePreviewUrl(query, 'de-DE', FLAGS)).toEqual({ state, errors: [] });
    expect(
      serializePreviewUrl({ ...state, viewport: 1280, scenario: { ...state.scenario, flags: [] } }).toString(),
    ).toBe('locale=de-DE&persona=company&flags=none');
  });

  it('keeps parameters that belong to other parts of the page, and drops the old preview values', () => {
    const next = serializePreviewUrl(
      { scenario: { ...SCENARIO_DEFAULTS, locale: 'nl-NL' }, viewport: 1280 },
      'locale=de-DE&persona=customer&viewport=375&panel=matrix',
    );
    expect(next.toString()).toBe('locale=nl-NL&panel=matrix');
  });

  it('names each bad parameter with its value and the valid values, and keeps the default for it', () => {
    const { state, errors } = parsePreviewUrl(
      'persona=robot&viewport=99&flags=warpDrive&page=dashboard',
      'de-DE',
      FLAGS,
    );
    expect(state).toEqual({ scenario: { ...SCENARIO_DEFAULTS, page: 'dashboard' }, viewport: 1280 });
    expect(errors).toEqual([
      {
        param: 'persona',
        value: 'robot',
        message: 'Unknown persona "robot".',
        validValues: ['visitor', 'partner-visitor', 'customer', 'company', 'pending', 'no-customer-data'],
      },
      {
        param: 'flags',
        value: 'warpDrive',
        message: 'Unknown flags value: "warpDrive".',
        validValues: ['none', ...FLAGS],
      },
      {
        param: 'viewport',
        value: '99',
        message: 'viewport must be a whole number of pixels from 320 to 2560, got "99".',
        validValues: ['375', '768', '1280', '320–2560'],
      },
    ]);
  });

  it('the iframe gets the same scenario with source=editor; the published link without it', () => {
    const scenario = {
      ...SCENARIO_DEFAULTS,
      locale: 'de-DE',
      persona: 'customer' as const,
      flags: ['designV2', 'footerV2'],
    };
    expect(previewFrameSrc(scenario)).toBe(
      '/preview?locale=de-DE&persona=customer&flags=designV2%2CfooterV2&source=editor',
    );
    expect(publishedPreviewHref(scenario)).toBe('/preview?locale=de-DE&persona=customer&flags=designV2%2CfooterV2');
  });
});
