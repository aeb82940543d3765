import { useEffect } from 'react';
import type { ElementDocuments } from './load-documents';
import { createPortalElement, type ElementRenderInput } from './portal-element';

/** A stand-in for PortalHeader: shows what it was given and counts mounts and unmounts. */
const log: string[] = [];
let lastInput: ElementRenderInput | undefined;
function Probe({ input }: { input: ElementRenderInput }) {
  useEffect(() => {
    log.push('mount');
    return () => void log.push('unmount');
  }, []);
  return (
    <header className="ps-root" data-path={input.currentPath}>
      <span>{`${input.settings.locale} ${input.settings.page} ${input.settings.flags?.join('+') ?? 'default-flags'}`}</span>
      <a href="/de-de/festgeld/">Festgeld</a>
    </header>
  );
}

/** What the element loads before hydrating a fragment; the probe does not read them, the element reads the base path. */
const DOCUMENTS = { config: { basePath: '/de-de' }, markets: {}, flagsDocument: {} } as unknown as ElementDocuments;

let defined = 0;
/** A fresh tag per test: a custom element name can be defined only once per window. */
function defineProbe(): string {
  const tag = `probe-element-${++defined}`;
  customElements.define(
    tag,
    createPortalElement(
      (input) => {
        lastInput = input;
        return <Probe input={input} />;
      },
      '.ps-root { color: rgb(1, 2, 3); }',
      async () => DOCUMENTS,
    ),
  );
  return tag;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const rendered = (element: Element) => element.shadowRoot?.querySelector('header');
/** What the probe says it was given. */
const shown = (element: Element) => rendered(element)?.querySelector('span')?.textContent;

beforeEach(() => {
  log.length = 0;
  lastInput = undefined;
  history.replaceState(null, '', '/de-de/');
});

afterEach(async () => {
  // Removing the elements unmounts their roots, before the test environment goes away.
  document.body.innerHTML = '';
  await settle();
});

describe('portal element', () => {
  it('renders its attributes into an open shadow root, with the shell CSS there and not in the page', async () => {
    const tag = defineProbe();
    document.body.innerHTML = `<${tag} locale="de-de" page="login" flags="newDashboard, accountSwitch"></${tag}>`;
    await vi.waitFor(() => expect(rendered(document.body.firstElementChild!)).toBeTruthy());
    const element = document.body.firstElementChild!;
    expect(shown(element)).toBe('de-DE login newDashboard+accountSwitch');
    // jsdom has no constructable stylesheets: the element falls back to a <style> there.
    const shadowCss = [
      ...(element.shadowRoot!.adoptedStyleSheets ?? []).flatMap((sheet) =>
        [...sheet.cssRules].map((rule) => rule.cssText),
      ),
      ...[...element.shadowRoot!.querySelectorAll('style')].map((style) => style.textContent),
    ].join(' ');
    expect(shadowCss).toContain(':host');
    expect(shadowCss).toContain('rgb(1, 2, 3)');
    expect(
      [...document.querySelectorAll('style')].filter((style) => style.textContent.includes('rgb(1, 2, 3)')),
    ).toHaveLength(0);
  });

  it('says on the console what is wrong with an attribute, and renders without it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tag = defineProbe();
    document.body.innerHTML = `<${tag} locale="de-DE" flags="new dashboard"></${tag}>`;
    await vi.waitFor(() => expect(rendered(document.body.firstElementChild!)).toBeTruthy());
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(`^<${tag}>: flags="new dashboard" is not valid; use a comma-separated list of flag ids`),
      ),
    );
    expect(shown(document.body.firstElementChild!)).toBe('de-DE home default-flags');
    error.mockRestore();
  });

  it('renders nothing without a valid locale, and mounts once one is set', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tag = defineProbe();
    document.body.innerHTML = `<${tag} locale="xx"></${tag}>`;
    const element = document.body.firstElementChild!;
    await settle();
    expect(rendered(element)).toBeFalsy();
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`<${tag}>: locale="xx" is not valid; use one of`));
    element.setAttribute('locale', 'fr-FR');
    await vi.waitFor(() => expect(shown(element)).toBe('fr-FR home default-flags'));
    error.mockRestore();
  });

  it('turns a plain click on a shell link into portal-navigate, bubbling and composed; canceling it stops the page load', async () => {
    const tag = defineProbe();
    document.body.innerHTML = `<${tag} locale="de-DE"></${tag}>`;
    const element = document.body.firstElementChild!;
    await vi.waitFor(() => expect(rendered(element)).toBeTruthy());
    const link = element.shadowRoot!.querySelector('a')!;
    const seen: CustomEvent[] = [];
    let cancel = true;
    document.addEventListener('portal-navigate', (event) => {
      seen.push(event as CustomEvent);
      if (cancel) event.preventDefault();
    });
    const click = (init: MouseEventInit = {}) => {
      const event = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, button: 0, ...init });
      link.dispatchEvent(event);
      return event;
    };

    expect(click().defaultPrevented).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.target).toBe(element);
    expect(seen[0]!.detail).toEqual({ href: '/de-de/festgeld/' });
    expect([seen[0]!.bubbles, seen[0]!.composed, seen[0]!.cancelable]).toEqual([true, true, true]);

    // Not canceled: the browser follows the link, as location.assign would.
    cancel = false;
    expect(click().defaultPrevented).toBe(false);
    expect(seen).toHaveLength(2);

    // A modified click keeps the browser's behaviour (a new tab) and is no portal-navigate.
    click({ ctrlKey: true });
    expect(seen).toHaveLength(2);
  });

  it('reports whether the host canceled portal-logout and portal-track', async () => {
    const tag = defineProbe();
    document.body.innerHTML = `<${tag} locale="de-DE"></${tag}>`;
    await vi.waitFor(() => expect(lastInput).toBeDefined());
    expect(lastInput!.logout('/de-de/login/')).toBe(true);
    document.addEventListener('portal-logout', (event) => event.preventDefault(), { once: true });
    expect(lastInput!.logout('/de-de/login/')).toBe(false);
    const collected = { event: { event_name: 'footer_tap' }, identity: null } as never;
    let detail: unknown;
    document.addEventListener(
      'portal-track',
      (event) => ((detail = (event as CustomEvent).detail), event.preventDefault()),
      { once: true },
    );
    expect(lastInput!.track(collected)).toBe(false);
    expect(detail).toBe(collected);
  });

  it('follows hashchange and popstate for the active item', async () => {
    const tag = defineProbe();
    document.body.innerHTML = `<${tag} locale="de-DE"></${tag}>`;
    const element = document.body.firstElementChild!;
    await vi.waitFor(() => expect(rendered(element)?.dataset.path).toBe('/de-de/'));
    history.replaceState(null, '', '/de-de/savingglobal/#/MyInvestments');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await vi.waitFor(() => expect(rendered(element)?.dataset.path).toBe('/de-de/savingglobal/#/MyInvestments'));
    history.replaceState(null, '', '/de-de/login/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect(rendered(element)?.dataset.path).toBe('/de-de/login/'));
  });

  it('unmounts when removed, stops following the location, and mounts again when re-added', async () => {
    const tag = defineProbe();
    document.body.innerHTML = `<${tag} locale="de-DE"></${tag}>`;
    const element = document.body.firstElementChild!;
    await vi.waitFor(() => expect(log).toEqual(['mount']));
    element.remove();
    await vi.waitFor(() => expect(log).toEqual(['mount', 'unmount']));
    expect(element.shadowRoot!.querySelector('.ps-embed')).toBeNull();
    lastInput = undefined;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle();
    expect(lastInput).toBeUndefined();

    document.body.append(element);
    await vi.waitFor(() => expect(log).toEqual(['mount', 'unmount', 'mount']));
    expect(element.shadowRoot!.querySelectorAll('header')).toHaveLength(1);
  });

  it('keeps its root when moved within the page', async () => {
    const tag = defineProbe();
    document.body.innerHTML = `<${tag} locale="de-DE"></${tag}><section></section>`;
    const element = document.body.firstElementChild!;
    await vi.waitFor(() => expect(log).toEqual(['mount']));
    document.querySelector('section')!.append(element);
    await settle();
    expect(log).toEqual(['mount']);
  });

  it('hydrates server-rendered markup in place of rendering again, and leaves other light-DOM content alone', async () => {
    const tag = defineProbe();
    const element = document.createElement(tag);
    element.setAttribute('locale', 'de-DE');
    element.innerHTML =
      '<header class="ps-root" data-path="/de-de/"><span>de-DE home default-flags</span><a href="/de-de/festgeld/">Festgeld</a></header><a id="nojs" href="/de-de/">Home</a>';
    const serverHeader = element.querySelector('header')!;
    document.body.append(element);
    await vi.waitFor(() => expect(log).toEqual(['mount']));
    expect(rendered(element)).toBe(serverHeader);
    expect(lastInput!.documents).toBe(DOCUMENTS);
    expect(element.querySelector('#nojs')).not.toBeNull();
  });

  // The fragment is the home page's visitor chrome (docs/rendering.md#fragments); hydrated elsewhere, its attributes would stay.
  for (const [situation, path, attributes] of [
    ['on another path', '/team/app/', { locale: 'de-DE' }],
    ['for another page kind', '/de-de/', { locale: 'de-DE', page: 'login' }],
    ['with flags of its own', '/de-de/', { locale: 'de-DE', flags: 'newDashboard' }],
  ] as const) {
    it(`replaces server-rendered markup ${situation} with its own render, in one step`, async () => {
      history.replaceState(null, '', path);
      const tag = defineProbe();
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      element.innerHTML =
        '<header class="ps-root" data-path="/de-de/"><span>de-DE home default-flags</span><a href="/de-de/festgeld/">Festgeld</a></header>';
      const serverHeader = element.querySelector('header')!;
      // A removal without an addition in the same record would be a moment with no chrome.
      const bareRemovals: MutationRecord[] = [];
      new MutationObserver((records) =>
        bareRemovals.push(...records.filter((r) => r.removedNodes.length > 0 && r.addedNodes.length === 0)),
      ).observe(element.shadowRoot ?? element.attachShadow({ mode: 'open' }), { childList: true });
      document.body.append(element);
      await vi.waitFor(() => expect(log).toEqual(['mount']));
      expect(rendered(element)).not.toBe(serverHeader);
      expect(rendered(element)!.dataset.path).toBe(path);
      expect(element.shadowRoot!.querySelectorAll('header')).toHaveLength(1);
      expect(element.shadowRoot!.querySelectorAll('.ps-embed')).toHaveLength(1);
      await settle();
      expect(bareRemovals).toEqual([]);
    });
  }
});
