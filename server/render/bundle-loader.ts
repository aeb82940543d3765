/**
 * A visitor's page loads the bundle once its server-rendered chrome is on screen (docs/rendering.md#the-first-paint):
 * the module scripts and their preloads leave <head>, and a small inline script at the end of <body> adds them back
 * when the browser reports the first contentful paint. Until then the page's only work is its own HTML and CSS: on a
 * machine with few cores, the bundle's downloads, its background compile and its evaluation ran beside the first
 * frame's style, layout and raster and held it back by tens of milliseconds.
 */

/** A module script with a src, as Vite writes the entry into the page: `<script type="module" crossorigin src="…"></script>`. */
const MODULE_SCRIPT = /<script type="module"(?![^>]*\sasync\b)[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
/** `<link rel="modulepreload" crossorigin href="…">`, the entry's static imports. */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The loader, as plain ES5 text (a function handed over would carry its compiler's helpers). Called with the entry
 * scripts and the preloads, in the page's order. It starts them:
 * - on the first contentful paint (the Paint Timing entry, buffered, so one that came before it counts);
 * - at once when the page is not visible (a background tab or a prerender paints nothing until it is shown), or
 *   when the browser has no Paint Timing (then after the next frame instead);
 * - after FALLBACK_MS in any case, so a page whose paint is never reported still hydrates.
 * Scripts added by a script run as soon as they arrive unless `async` is false: false keeps the page's order.
 */
export const FALLBACK_MS = 3000;

export const BUNDLE_LOADER = `(function (entries, preloads) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var head = document.head, i, element;
    for (i = 0; i < preloads.length; i++) {
      element = document.createElement('link');
      element.rel = 'modulepreload';
      element.crossOrigin = '';
      element.href = preloads[i];
      head.appendChild(element);
    }
    for (i = 0; i < entries.length; i++) {
      element = document.createElement('script');
      element.type = 'module';
      element.crossOrigin = '';
      element.async = false;
      element.src = entries[i];
      head.appendChild(element);
    }
  }
  var paintTiming = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (document.visibilityState !== 'visible') return start();
  setTimeout(start, ${FALLBACK_MS});
  if (!paintTiming) return requestAnimationFrame(function () { setTimeout(start, 0); });
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
})`;

/**
 * `html` with its module scripts and preloads moved into the loader, placed last in <body>. A page without a module
 * script is returned as it is. The URLs are Vite's asset paths; written as JSON, and a `<` is escaped so no URL can
 * end the script element.
 */
export function bundleAfterFirstPaint(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length === 0) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const args = JSON.stringify([entries, preloads]).slice(1, -1).replace(/</g, '\\u003c');
  // One line: the loader's line breaks only separate statements that end in a semicolon or a brace.
  const loader = `<script>${BUNDLE_LOADER.replace(/\n\s*/g, ' ')}(${args});</script>`;
  if (!html.includes('</body>')) throw new Error('portal.html has no </body>: the bundle loader has nowhere to go; check portal.html and rebuild (npm run build)');
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</body>', () => `${loader}</body>`);
}
