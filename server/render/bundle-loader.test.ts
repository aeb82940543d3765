// @vitest-environment jsdom
/**
 * A visitor's page loads its bundle after the first contentful paint (docs/rendering.md#the-first-paint); a logged-in
 * customer's preloads it right after the early calls and evaluates it once their first round has been answered
 * (docs/rendering.md#the-customers-first-load).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CALLS_GLOBAL } from '../../runtime/render/early-calls-handoff';
import { bundleAfterFirstPaint, FALLBACK_MS, takeBundle } from './bundle-loader';

/** portal.html as `vite build` writes it for the mocks build: an inline registration first, the entry, its preloads, the stylesheet. */
const BUILT = [
  '<!doctype html><html lang="en"><head><script>window.__early = 1;</script><title>Depona</title>',
  '<script type="module" crossorigin src="/assets/portal-1a2b.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-vendor-3c4d.js">',
  '<link rel="modulepreload" crossorigin href="/assets/resolver-5e6f.js">',
  '<link rel="stylesheet" crossorigin href="/assets/portal-7a8b.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const loaderText = (html: string) => /<script>(\(function \(entries[\s\S]*?)<\/script>/.exec(html)![1]!;

describe('bundleAfterFirstPaint', () => {
  it('moves the entry and its preloads out of <head> into one loader, last in <body>, and leaves the rest', () => {
    const html = bundleAfterFirstPaint(BUILT);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<script>window.__early = 1;</script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/portal-7a8b.css">');
    expect(html).toMatch(
      /<div id="root"><\/div><script>\(function \(entries, preloads, when\) \{.*\}\)\(\["\/assets\/portal-1a2b\.js"\],\["\/assets\/react-vendor-3c4d\.js","\/assets\/resolver-5e6f\.js"\],"first-paint"\);<\/script><\/body>/,
    );
    // One line, so the page's inline-script hash covers exactly what runs.
    expect(loaderText(html)).not.toContain('\n');
  });

  it('leaves a page without a module script as it is (a page the server wrote without the bundle)', () => {
    const page = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
    expect(bundleAfterFirstPaint(page)).toBe(page);
  });

  it('writes no URL that could end the script element', () => {
    const html = bundleAfterFirstPaint(BUILT.replace('/assets/portal-1a2b.js', '/assets/</script><b>.js'));
    expect(loaderText(html)).not.toContain('</script');
    expect(loaderText(html)).toContain('\\u003c/script>');
  });

  it('refuses a page without </body>', () => {
    expect(() => bundleAfterFirstPaint(BUILT.replace('</body>', ''))).toThrow(/no <\/body>.*npm run build/);
  });
});

describe('takeBundle', () => {
  it('gives the page without its module tags and a loader that starts them, or nothing without a module script', () => {
    const bundle = takeBundle(BUILT, 'first-answers')!;
    expect(bundle.html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(bundle.html).toContain('<link rel="stylesheet" crossorigin href="/assets/portal-7a8b.css">');
    expect(bundle.loader).toMatch(
      /^<script>\(function \(entries, preloads, when\).*\["\/assets\/react-vendor-3c4d\.js","\/assets\/resolver-5e6f\.js"\],"first-answers"\);<\/script>$/,
    );
    expect(takeBundle('<html><head></head><body></body></html>', 'first-answers')).toBeUndefined();
  });
});

describe('the loader in the page', () => {
  /** The Paint Timing observer the loader makes, driven by the test. */
  let observers: {
    callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void;
    options: unknown;
    disconnected: boolean;
  }[];
  let supportedEntryTypes: string[];

  class FakePerformanceObserver {
    static get supportedEntryTypes() {
      return supportedEntryTypes;
    }
    readonly record: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.record = { callback, options: undefined, disconnected: false };
      observers.push(this.record);
    }
    observe(options: unknown) {
      this.record.options = options;
    }
    disconnect() {
      this.record.disconnected = true;
    }
  }

  const paint = (...names: string[]) => {
    const record = observers[0]!;
    record.callback(
      { getEntriesByName: (name) => (names.includes(name) ? [{ name }] : []) },
      { disconnect: () => (record.disconnected = true) },
    );
  };
  const added = () =>
    [...document.head.querySelectorAll('script[src], link[rel="modulepreload"]')].map(
      (element) => `${element.localName} ${element.getAttribute('src') ?? element.getAttribute('href')}`,
    );
  const run = () => new Function(loaderText(bundleAfterFirstPaint(BUILT)))();
  const setVisibility = (state: DocumentVisibilityState) =>
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });

  beforeEach(() => {
    observers = [];
    supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    setVisibility('visible');
    document.head.innerHTML = '';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  describe('on a customer page (first-answers)', () => {
    const runAfterEarlyCalls = () =>
      new Function(takeBundle(BUILT, 'first-answers')!.loader.slice('<script>'.length, -'</script>'.length))();
    /** What the inline early-calls script leaves (runtime/host/early-handoff.ts), with its first round settled by the test. */
    function leaveEarlyCalls(): { answer: () => void; fail: () => void } {
      let answer = () => undefined as void;
      let fail = () => undefined as void;
      const roundOne = new Promise<void>((resolve, reject) => {
        answer = resolve;
        fail = () => reject(new Error('round one failed'));
      });
      roundOne.catch(() => undefined);
      Object.assign(window, { [EARLY_CALLS_GLOBAL]: { roundOne } });
      return { answer, fail };
    }
    afterEach(() => Reflect.deleteProperty(window, EARLY_CALLS_GLOBAL));

    it('preloads at once, adds the async entry once the first round is answered, and waits for no paint', async () => {
      const calls = leaveEarlyCalls();
      runAfterEarlyCalls();
      expect(added()).toEqual(['link /assets/react-vendor-3c4d.js', 'link /assets/resolver-5e6f.js']);
      expect(observers).toEqual([]);
      calls.answer();
      await vi.advanceTimersByTimeAsync(0);
      expect(added()).toEqual([
        'link /assets/react-vendor-3c4d.js',
        'link /assets/resolver-5e6f.js',
        'script /assets/portal-1a2b.js',
      ]);
      expect(document.head.querySelector('script')!.async).toBe(true);
      await vi.advanceTimersByTimeAsync(FALLBACK_MS);
      expect(added(), 'the fallback adds nothing twice').toHaveLength(3);
    });

    it('adds the entry when the first round fails too: the bundle reports the failure', async () => {
      const calls = leaveEarlyCalls();
      runAfterEarlyCalls();
      calls.fail();
      await vi.advanceTimersByTimeAsync(0);
      expect(added()).toHaveLength(3);
    });

    it(`adds the entry after ${FALLBACK_MS} ms when the first round has not settled`, async () => {
      leaveEarlyCalls();
      runAfterEarlyCalls();
      await vi.advanceTimersByTimeAsync(FALLBACK_MS - 1);
      expect(added()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(added()).toHaveLength(3);
    });

    it('starts everything at once when the early script left no calls (an expired token, a visitor after all)', () => {
      runAfterEarlyCalls();
      expect(added()).toEqual([
        'link /assets/react-vendor-3c4d.js',
        'link /assets/resolver-5e6f.js',
        'script /assets/portal-1a2b.js',
      ]);
    });
  });

  it('adds the preloads and then the entry on the first contentful paint, in the page order, kept in order', () => {
    run();
    expect(observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    expect(added()).toEqual([]);
    paint('first-paint');
    expect(added(), 'a first paint without content is not the chrome on screen').toEqual([]);
    paint('first-paint', 'first-contentful-paint');
    expect(added()).toEqual([
      'link /assets/react-vendor-3c4d.js',
      'link /assets/resolver-5e6f.js',
      'script /assets/portal-1a2b.js',
    ]);
    const script = document.head.querySelector('script')!;
    expect([script.type, script.crossOrigin, script.async]).toEqual(['module', '', false]);
    expect(observers[0]!.disconnected).toBe(true);
    vi.advanceTimersByTime(FALLBACK_MS);
    expect(added(), 'the fallback adds nothing twice').toHaveLength(3);
  });

  it('starts at once on a page that is not visible, which paints nothing until it is shown', () => {
    setVisibility('hidden');
    run();
    expect(added()).toHaveLength(3);
    expect(observers).toEqual([]);
  });

  it('starts after the next frame in a browser without Paint Timing', () => {
    supportedEntryTypes = ['resource'];
    run();
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(added()).toHaveLength(3);
  });

  it(`starts after ${FALLBACK_MS} ms when no paint is reported`, () => {
    run();
    vi.advanceTimersByTime(FALLBACK_MS - 1);
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added()).toHaveLength(3);
  });
});
