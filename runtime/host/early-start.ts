/**
 * main.tsx imports this module first, so its body runs before React, Chakra and the app are evaluated
 * (~100 ms on a slow machine): the configs, the mock worker's code and a shared preview's tokens and
 * header calls are on their way during that time instead of after it.
 */
import { prepareScenarioFromUrl } from './prepare-scenario';
import { MOCKS_ENABLED, startMocks } from './start-mocks';
import { preloadStartupDocuments } from './startup-preload';

const url = new URL(window.location.href);
preloadStartupDocuments(url);
if (MOCKS_ENABLED) {
  // A failed start is reported where it matters: main.tsx (render anyway) and the preview (an error panel).
  startMocks().catch(() => undefined);
  prepareScenarioFromUrl(url);
}
