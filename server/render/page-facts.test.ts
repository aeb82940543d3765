/**
 * The request facts folded before the page cache's key (docs/rendering.md#the-page-cache), checked against the
 * render itself: an unknown distributor, a logged-in customer's distributor and a country no market has render the
 * same chrome as the value they are folded into, on every shipped locale and visitor page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import type { PageKind } from '../../schemas/contracts';
import type { PortalPageState } from '../../schemas/contracts/portal-state';
import {
  crossFileContext,
  LOCALE_CONFIG_IDS,
  validateDocument,
  type ConfigDocumentId,
  type DocumentId,
} from '../../schemas/validator/index';
import { renderPortalPage } from '../../runtime/render/render-portal-page';
import { canonicalCountry, namedDistributors, renderedDistributor, ruleDocuments, UNKNOWN_COUNTRY } from './page-facts';

function load<T>(id: DocumentId, context = {}): T {
  const result = validateDocument(
    { id, file: `config/${id}.json`, text: readFileSync(`config/${id}.json`, 'utf8') },
    context,
  );
  if (result.problems.length > 0) throw new Error(`config/${id}.json does not validate`);
  return result.value as T;
}

const flags = load<FlagsDocument>('flags');
const context = crossFileContext([{ id: 'flags', value: flags }], LOCALE_CONFIG_IDS);
const markets = load<MarketsDocument>('markets', context);
const configs = new Map(LOCALE_CONFIG_IDS.map((id) => [id, load<LocaleConfig>(id, context)]));

function documentsFor(configId: ConfigDocumentId) {
  const config = configs.get(configId)!;
  return {
    config,
    ...(!config.accountMenu && configId !== 'en' ? { fallback: configs.get('en')! } : {}),
    markets,
    flags,
  };
}

/** The markup the client hydrates (the root), without the state script that names the request facts. */
function chrome(configId: ConfigDocumentId, page: PageKind, facts: Partial<PortalPageState> = {}): string {
  const state: PortalPageState = {
    version: 1,
    pathname: '/',
    page,
    configId,
    loggedIn: false,
    documents: documentsFor(configId),
    ...facts,
  };
  const rendered = renderPortalPage(state, new Date('2026-07-01T12:00:00Z'), 'https://www.example.test');
  return `${rendered.head}${rendered.root}`;
}

const VISITOR_PAGES: PageKind[] = ['home', 'login'];

describe('canonicalCountry', () => {
  it('names a market by its id in lower case, folds every other choice into one, and keeps no choice', () => {
    expect(canonicalCountry('GB', markets)).toBe('gb');
    expect(canonicalCountry('zz', markets)).toBe(UNKNOWN_COUNTRY);
    expect(canonicalCountry('<script>', markets)).toBe(UNKNOWN_COUNTRY);
    expect(canonicalCountry(undefined, markets)).toBeUndefined();
    expect(markets.markets.some((market) => market.id === UNKNOWN_COUNTRY)).toBe(false);
  });

  it.each(LOCALE_CONFIG_IDS)('%s: a country no market has renders as the folded value does (no banner)', (configId) => {
    for (const page of VISITOR_PAGES)
      expect(chrome(configId, page, { country: 'zz-made-up' })).toBe(
        chrome(configId, page, { country: UNKNOWN_COUNTRY }),
      );
  });
});

describe('renderedDistributor', () => {
  const named = [...namedDistributors(configs.get('de-DE')!)];

  it('finds the distributors the rules name, anywhere in a document', () => {
    expect(named).toEqual(expect.arrayContaining(['dkb']));
  });

  it('keeps a visitor’s distributor that a rule names, drops any other, and drops a logged-in customer’s', () => {
    const documents = ruleDocuments(documentsFor('de-DE'));
    expect(renderedDistributor('dkb', false, documents)).toBe('dkb');
    expect(renderedDistributor('made-up', false, documents)).toBeUndefined();
    expect(renderedDistributor('dkb', true, documents)).toBeUndefined();
    expect(renderedDistributor(null, false, documents)).toBeUndefined();
    expect(renderedDistributor('', false, documents)).toBeUndefined();
  });

  it.each(LOCALE_CONFIG_IDS)(
    '%s: an unknown distributor renders as none, and a customer’s frame ignores any',
    (configId) => {
      for (const page of VISITOR_PAGES)
        expect(chrome(configId, page, { distributorId: 'made-up-partner' })).toBe(chrome(configId, page));
      for (const distributorId of ['made-up-partner', ...named])
        expect(chrome(configId, 'dashboard', { loggedIn: true, distributorId })).toBe(
          chrome(configId, 'dashboard', { loggedIn: true }),
        );
    },
  );
});
