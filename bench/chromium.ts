/**
 * Debian's Chromium as every browser run here launches it: the benchmarks (bench/browser.ts) and Playwright's
 * projects (playwright.config.ts imports this file). Never a downloaded browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Each new context opens a window, and this Chromium (156) preloads that window's WebUI omnibox popup into a
  // renderer of its own: about 600 ms of CPU, on the same two cores, during the first page's load. A person's
  // browser does that once per window, not once per page they open, so it is noise in every timing here.
  '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup',
];
