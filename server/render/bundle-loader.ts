/**
 * When a server-rendered page starts loading the bundle (docs/rendering.md#the-first-paint,
 * docs/rendering.md#the-customers-first-load). The module scripts and their preloads leave the HTML, where the
 * browser's preload scanner would request them before any script of the page has run, and a small inline loader
 * adds them back:
 * - **after the first paint** (a visitor's page): last in <body>, started when the browser reports the first
 *   contentful paint. Until then the page's only work is its own HTML and CSS: on a machine with few cores, the
 *   bundle's downloads, its background compile and its evaluation ran beside the first frame's style, layout and
 *   raster and held it back by tens of milliseconds.
 * - **after the early calls' first answers** (a logged-in customer's page): right after the inline early-calls
 *   script. The preloads are requested at once, after the calls (scanned from the HTML, the twelve module requests
 *   took the origin's six HTTP/1.1 connections before the early script ran, and its first calls waited for one).
 *   The entry is added once the first round of calls has been answered and the script has started the second:
 *   evaluated earlier, the bundle and its hydration held the main thread just as those answers arrived, and the
 *   second round left tens of milliseconds late.
 */
import { EARLY_CALLS_GLOBAL } from '../../runtime/render/early-calls-handoff';

/** A module script with a src, as Vite writes the entry into the page: `<script type="module" crossorigin src="…"></script>`. */
const MODULE_SCRIPT = /<script type="module"(?![^>]*\sasync\b)[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
/** `<link rel="modulepreload" crossorigin href="…">`, the entry's static imports. */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * How long a visitor's page waits for its paint to be reported, and a customer's for the first answers, before
 * it loads the bundle anyway. The page works without it meanwhile: its links are in the HTML.
 */
export const FALLBACK_MS = 3000;

/**
 * The loader, as plain ES5 text (a function handed over would carry its compiler's helpers). Called with the entry
 * scripts, the preloads (both in the page's order) and when to start them:
 * - 'first-answers': the preloads at once; the entries (async, so they evaluate as soon as they arrive;
 *   runtime/host/main.tsx waits for the parse) when the early calls' `roundOne` settles (runtime/host/early-handoff.ts),
 *   at once when the early script left no calls (a visitor after all, an expired token), after FALLBACK_MS in any case;
 * - 'first-paint': on the first contentful paint (the Paint Timing entry, buffered, so one that came before the
 *   loader counts); at once when the page is not visible (a background tab or a prerender paints nothing until it
 *   is shown); after the next frame in a browser without Paint Timing; after FALLBACK_MS in any case, so a page
 *   whose paint is never reported still hydrates. The entries keep the page's order (async false).
 */
export const BUNDLE_LOADER = `(function (entries, preloads, when) {
  var preloaded = false, started = false, head = document.head;
  function add(type, url) {
    var element = document.createElement(type === 'preload' ? 'link' : 'script');
    element.crossOrigin = '';
    if (type === 'preload') {
      element.rel = 'modulepreload';
      element.href = url;
    } else {
      element.type = 'module';
      element.async = when === 'first-answers';
      element.src = url;
    }
    head.appendChild(element);
  }
  function preload() {
    if (preloaded) return;
    preloaded = true;
    for (var i = 0; i < preloads.length; i++) add('preload', preloads[i]);
  }
  function start() {
    if (started) return;
    started = true;
    preload();
    for (var i = 0; i < entries.length; i++) add('entry', entries[i]);
  }
  setTimeout(start, ${FALLBACK_MS});
  if (when === 'first-answers') {
    var calls = window[${JSON.stringify(EARLY_CALLS_GLOBAL)}];
    if (!calls || !calls.roundOne) return start();
    preload();
    return calls.roundOne.then(start, start);
  }
  var paintTiming = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (document.visibilityState !== 'visible') return start();
  if (!paintTiming) return requestAnimationFrame(function () { setTimeout(start, 0); });
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
})`;

export type BundleStart = 'first-answers' | 'first-paint';

/**
 * `html` without its module scripts and preloads, and the loader that starts them `when`; undefined for a page
 * without a module script. The URLs are Vite's asset paths, written as JSON; a `<` is escaped so no URL can end
 * the script element.
 */
export function takeBundle(html: string, when: BundleStart): { html: string; loader: string } | undefined {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length === 0) return undefined;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const args = JSON.stringify([entries, preloads, when]).slice(1, -1).replace(/</g, '\\u003c');
  // One line: the loader's line breaks only separate statements that end in a semicolon or a brace.
  return {
    html: html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    loader: `<script>${BUNDLE_LOADER.replace(/\n\s*/g, ' ')}(${args});</script>`,
  };
}

/** `html` with its bundle loaded after the first paint, by a loader placed last in <body>; as it is without a module script. */
export function bundleAfterFirstPaint(html: string): string {
  const bundle = takeBundle(html, 'first-paint');
  if (!bundle) return html;
  if (!html.includes('</body>'))
    throw new Error(
      'portal.html has no </body>: the bundle loader has nowhere to go; check portal.html and rebuild (npm run build)',
    );
  return bundle.html.replace('</body>', () => `${bundle.loader}</body>`);
}
