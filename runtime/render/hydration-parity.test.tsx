/**
 * The server's markup is what the client's first render produces (docs/rendering.md#hydration): the portal route,
 * hydrating the page renderPortalPage wrote, reports no mismatch, for visitors and for the logged-in frame.
 */
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { SWRConfig } from 'swr';
import type { MockInstance } from 'vitest';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import type { PageKind } from '../../schemas/contracts';
import type { ConfigDocumentId } from '../../schemas/validator/documents';
import { crossFileContext, LOCALE_CONFIG_IDS, validateDocument, type DocumentId } from '../../schemas/validator/index';
import { PortalRoute } from '../host/PortalRoute';
import { forgetServerState } from '../host/server-state';
import { forgetShownFooter } from '../components/shared/use-after-header-loads';
import type { PortalPageState } from '../../schemas/contracts/portal-state';
import { renderPortalPage } from './render-portal-page';

// The shipped documents as the config service publishes them: validated, defaults filled (the jsdom environment
// cannot read files by path, so Vite's glob brings them).
const FILES = import.meta.glob<string>('../../config/*.json', { eager: true, query: '?raw', import: 'default' });
function published<T>(id: DocumentId, context = {}): T {
  const result = validateDocument({ id, file: `config/${id}.json`, text: FILES[`../../config/${id}.json`]! }, context);
  if (result.problems.length > 0) throw new Error(`config/${id}.json does not validate`);
  return result.value as T;
}
const FLAGS_DOCUMENT = published<FlagsDocument>('flags');
const CONTEXT = crossFileContext([{ id: 'flags', value: FLAGS_DOCUMENT }], LOCALE_CONFIG_IDS);
const markets = published<MarketsDocument>('markets', CONTEXT);
const loadConfig = (id: ConfigDocumentId) => published<LocaleConfig>(id, CONTEXT);

function stateFor(configId: ConfigDocumentId, page: PageKind, extra: Partial<PortalPageState> = {}): PortalPageState {
  const config = loadConfig(configId);
  const fallback = !config.accountMenu && configId !== 'en' ? { fallback: loadConfig('en') } : {};
  const pathname = `${config.basePath}${page === 'home' ? '/' : `/${page}/`}`;
  return {
    version: 1,
    pathname,
    page,
    configId,
    documents: { config, markets, flags: FLAGS_DOCUMENT, ...fallback },
    loggedIn: false,
    ...extra,
  };
}

/** Puts the server's page into the document, then hydrates it with the portal route, as main.tsx does. */
async function hydrate(state: PortalPageState, search = '') {
  const page = renderPortalPage(state, new Date());
  document.body.innerHTML = `<div id="root">${page.root}</div>${page.stateScript}`;
  const serverMarkup = document.getElementById('root')!.innerHTML;
  window.history.replaceState(null, '', `${state.pathname}${search}`);
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      document.getElementById('root')!,
      <SWRConfig value={{ provider: () => new Map() }}>
        <PortalRoute />
      </SWRConfig>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  return { recoverable, serverMarkup };
}

let consoleError: MockInstance<typeof console.error>;
/** Unmounted after each test: a root left mounted keeps React's scheduler working after the environment is gone. */
let root: Root | undefined;
beforeEach(() => {
  forgetServerState();
  forgetShownFooter();
  localStorage.clear();
  // No network in these tests: the documents come from the page, and the customer calls stay pending.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('hydrating the server-rendered portal page', () => {
  // Three footers (v1, v2, the US contact strip) and three header configs; the browser test covers every locale.
  it.each(['de-DE', 'en-US', 'nl-NL'] as const)(
    '%s home, visitor: no mismatch, and the header and footer are the server’s elements',
    async (id) => {
      const { recoverable } = await hydrate(stateFor(id, 'home'));
      expect(recoverable).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
      expect(document.querySelector('header')).not.toBeNull();
      expect(document.querySelector('footer')).not.toBeNull();
    },
  );

  it('de-DE dashboard, logged in: the private frame hydrates while the customer calls are on their way', async () => {
    const claims = {
      sub: 'user-1',
      customer_number: 'C-1',
      exp: Math.floor(Date.now() / 1000) + 600,
      iat: Math.floor(Date.now() / 1000),
      azp: 'portal',
    };
    localStorage.setItem('access_token', `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`);
    const { recoverable, serverMarkup } = await hydrate(stateFor('de-DE', 'dashboard', { loggedIn: true }));
    expect(serverMarkup).toContain('aria-busy="true"');
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('with the country banner of ?country=', async () => {
    const { recoverable } = await hydrate(stateFor('de-DE', 'home', { country: 'gb' }), '?country=gb');
    expect(recoverable).toEqual([]);
    expect(document.querySelector('[data-testid="country-banner"]')).not.toBeNull();
  });

  it('a stored preferred locale does not break hydration: the banner follows it after hydrating', async () => {
    localStorage.setItem('portal-shell.preferredLocale', 'en-GB');
    const { recoverable, serverMarkup } = await hydrate(stateFor('de-DE', 'login'));
    expect(recoverable).toEqual([]);
    expect(serverMarkup).not.toContain('country-banner');
    expect(document.querySelector('[data-testid="country-banner"]')).not.toBeNull();
  });
});
