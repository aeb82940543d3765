import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAULT_ENDPOINTS } from './api-calls';
import {
  DATA_VARIANTS,
  PERSONAS,
  parsePreviewParams,
  SCENARIO_DEFAULTS,
  serializePreviewParams,
  type PreviewScenario,
} from './preview-params';
import { PAGE_KINDS } from './page-kinds';

const FLAGS = ['paymentMethodScreens', 'footerV2', 'designV2', 'accountSwitch'];
const parse = (q: string) => parsePreviewParams(q, FLAGS);

describe('preview URL parameters', () => {
  it('uses the declared defaults when nothing is given', () => {
    expect(parse('')).toEqual({ scenario: SCENARIO_DEFAULTS, errors: [], ignored: [] });
  });

  it('parses every parameter of the contract', () => {
    const { scenario, errors } = parse(
      'locale=en-GB&persona=customer&page=dashboard&flags=footerV2,designV2&access=HAS_FIXED_DEPOSIT_ACCOUNT,dwm&data=maintenance,switchable-accounts&session=100&token=130&latency=100&fault=customer:503,unread-count:timeout,account:malformed',
    );
    expect(errors).toEqual([]);
    expect(scenario).toEqual({
      locale: 'en-GB',
      persona: 'customer',
      page: 'dashboard',
      flags: ['footerV2', 'designV2'],
      access: ['HAS_FIXED_DEPOSIT_ACCOUNT', 'dwm'],
      data: ['maintenance', 'switchable-accounts'],
      session: 100,
      token: 130,
      latency: 100,
      faults: [
        { endpoint: 'customer', kind: 503 },
        { endpoint: 'unread-count', kind: 'timeout' },
        { endpoint: 'account', kind: 'malformed' },
      ],
    });
  });

  it('flags= (empty) switches every flag off; absent keeps registry defaults', () => {
    expect(parse('flags=').scenario.flags).toEqual([]);
    expect(parse('flags=none').scenario.flags).toEqual([]);
    expect(parse('').scenario.flags).toBeUndefined();
  });

  it('access=none empties the persona defaults', () => {
    expect(parse('access=none').scenario.access).toEqual([]);
  });

  it.each([
    ['persona=admin', 'persona', 'Unknown persona "admin".', PERSONAS],
    ['page=checkout', 'page', 'Unknown page "checkout".', PAGE_KINDS],
    ['flags=footerV3', 'flags', 'Unknown flags value: "footerV3".', ['none', ...FLAGS]],
    ['data=maintenence', 'data', 'Unknown data value: "maintenence".', DATA_VARIANTS],
    [
      'fault=customers:500',
      'fault',
      'Unknown fault endpoint in "customers:500"; write endpoint:STATUS, endpoint:timeout or endpoint:malformed.',
      FAULT_ENDPOINTS,
    ],
  ])('%s is refused with the list of valid values', (query, param, message, valid) => {
    const { errors } = parse(query);
    expect(errors).toEqual([expect.objectContaining({ param, message, validValues: valid })]);
  });

  it.each([
    ['session=0', 'session must be a whole number of seconds from 1 to 86400, got "0".'],
    ['session=abc', 'session must be a whole number of seconds from 1 to 86400, got "abc".'],
    ['token=-5', 'token must be a whole number of seconds from 1 to 86400, got "-5".'],
    ['latency=1.5', 'latency must be a whole number of milliseconds from 0 to 30000, got "1.5".'],
    ['fault=customer:99', 'Fault "customer:99" needs an HTTP status 200–599, timeout or malformed after the colon.'],
  ])('%s is refused with a specific message', (query, message) => {
    expect(parse(query).errors.map((e) => e.message)).toEqual([message]);
  });

  it('a locale that is no language tag is an error naming the parameter and the valid locales', () => {
    for (const bad of ['de_DE', '', 'de DE', 'de-DE%ZZ']) {
      const { scenario, errors } = parsePreviewParams(new URLSearchParams([['locale', bad]]), []);
      expect(errors).toEqual([
        expect.objectContaining({
          param: 'locale',
          value: bad,
          message: `locale must be a language tag such as de-DE, got "${bad}".`,
        }),
      ]);
      expect(errors[0]!.validValues).toContain('de-DE');
      expect(scenario.locale).toBe('de-DE');
    }
    // A well-formed tag without a config is the route's to judge (the login page falls back to en-US).
    expect(parsePreviewParams('locale=xx-YY', []).errors).toEqual([]);
  });

  it('a parameter given twice is an error, not a quiet first value', () => {
    const { errors } = parsePreviewParams('persona=customer&persona=visitor', []);
    expect(errors).toEqual([
      expect.objectContaining({
        param: 'persona',
        message: 'persona is given 2 times ("customer", "visitor"); give it once.',
      }),
    ]);
  });

  it('two faults for one endpoint are an error naming both', () => {
    const { errors, scenario } = parsePreviewParams('fault=customer:timeout,customer:500', []);
    expect(errors).toEqual([
      expect.objectContaining({
        param: 'fault',
        message:
          'The customer endpoint has two faults ("customer:timeout" and "customer:500"); give each endpoint one.',
      }),
    ]);
    expect(scenario.faults).toEqual([]);
    expect(parsePreviewParams('fault=customer:500,accounts:404', []).errors).toEqual([]);
  });

  it('drops unknown parameters and says which', () => {
    expect(parse('locale=de-DE&utm_source=mail&foo=1').ignored).toEqual(['utm_source', 'foo']);
  });

  it('serialise → parse is the identity for every valid scenario', () => {
    const scenarioArb: fc.Arbitrary<PreviewScenario> = fc.record({
      locale: fc.constantFrom('de-DE', 'en-GB', 'it-IT', 'en'),
      persona: fc.constantFrom(...PERSONAS),
      page: fc.constantFrom(...PAGE_KINDS),
      flags: fc.option(fc.uniqueArray(fc.constantFrom(...FLAGS)), { nil: undefined }),
      access: fc.option(fc.uniqueArray(fc.constantFrom('HAS_FIXED_DEPOSIT_ACCOUNT', 'term_product_access', 'dwm')), {
        nil: undefined,
      }),
      data: fc.uniqueArray(fc.constantFrom(...DATA_VARIANTS)),
      session: fc.integer({ min: 1, max: 86_400 }),
      token: fc.integer({ min: 1, max: 86_400 }),
      latency: fc.integer({ min: 0, max: 30_000 }),
      // One fault per endpoint: two for the same endpoint are refused.
      faults: fc.uniqueArray(
        fc.record({
          endpoint: fc.constantFrom(...FAULT_ENDPOINTS),
          kind: fc.constantFrom(500 as const, 503 as const, 'timeout' as const, 'malformed' as const),
        }),
        { maxLength: 3, selector: (fault) => fault.endpoint },
      ),
    }) as fc.Arbitrary<PreviewScenario>;
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const round = parse(serializePreviewParams(scenario));
        expect(round.errors).toEqual([]);
        expect(round.scenario).toEqual(scenario);
      }),
    );
  });

  describe('share= (a share link, docs/workflow.md#sharing-a-preview)', () => {
    const token = 'eyJjaGFuZ2VTZXQiOiJjcy1hYmNkZWZnaGlqIn0.q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA';

    it('is read beside the scenario, not into it, and not reported as unknown', () => {
      const parsed = parse(`share=${token}&locale=en-GB&page=dashboard`);
      expect(parsed).toEqual({
        scenario: { ...SCENARIO_DEFAULTS, locale: 'en-GB', page: 'dashboard' },
        errors: [],
        ignored: [],
        share: token,
      });
      expect(parse('locale=en-GB')).not.toHaveProperty('share');
    });

    it.each([
      ['', ''],
      ['abc', 'abc'],
      ['a.b.c', 'a.b.c'],
      ['ab+c.def', 'ab+c.def'],
      [`${'a'.repeat(600)}.b`, `${'a'.repeat(60)}…`],
    ])('refuses the token %j by its form (shown as %j) and names the parameter', (value, shown) => {
      const parsed = parse(`share=${encodeURIComponent(value)}`);
      expect(parsed.share).toBeUndefined();
      expect(parsed.errors).toEqual([
        { param: 'share', value: shown, message: expect.stringMatching(/^share must be the token of a share link/) },
      ]);
    });

    it('given twice is an error, and neither value is used', () => {
      const parsed = parse(`share=${token}&share=${token}`);
      expect(parsed.share).toBeUndefined();
      expect(parsed.errors.map((e) => e.param)).toEqual(['share']);
    });

    it('is written first by the serialiser and survives the round trip with any scenario', () => {
      const query = serializePreviewParams(
        { ...SCENARIO_DEFAULTS, locale: 'en-GB', persona: 'customer' },
        { share: token },
      );
      expect(query).toBe(`share=${token}&locale=en-GB&persona=customer`);
      const round = parse(query);
      expect(round.share).toBe(token);
      expect(round.scenario).toEqual({ ...SCENARIO_DEFAULTS, locale: 'en-GB', persona: 'customer' });
      expect(serializePreviewParams(round.scenario)).toBe('locale=en-GB&persona=customer');
    });
  });
});
