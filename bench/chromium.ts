/**
 * Debian's Chromium as every browser run here launches it: the benchmarks (bench/browser.ts) and Playwright's
 * projects (playwright.config.ts imports this file). Never a downloaded browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright itself disables (its chromiumSwitches.ts, as of 1.65). Chromium keeps only the last of
 * repeated switches, and Playwright puts the caller's after its own, so a `--disable-features` of ours replaces its
 * list unless it carries it. chromium.test.ts fails when the installed Playwright disables one that is missing here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Each new context opens a window, and this Chromium (156) preloads that window's WebUI omnibox popups (the plain
 * one and the "AI mode" one) into a renderer of their own: 300–600 ms of CPU, on the same two cores, during the first
 * page's load. A person's browser does that once per window, not once per page they open, so it is noise in every
 * timing here. With these off, a new context has no `browser_ui` target (tests/browser-switches.spec.ts).
 */
export const NOISY_FEATURES = ['PreloadTopChromeWebUI', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NOISY_FEATURES].join(',')}`,
];
