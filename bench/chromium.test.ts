import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, NOISY_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from './chromium';

/** The installed Playwright's own `--disable-features` list, read from its source as shipped. */
function installedPlaywrightDisabledFeatures(): string[] {
  const root = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const candidates = ['lib/coreBundle.js', 'lib/server/chromium/chromiumSwitches.js']
    .map((file) => path.join(root, file))
    .filter((file) => existsSync(file));
  for (const file of candidates) {
    const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(readFileSync(file, 'utf8'))?.[1];
    if (list) return [...list.replace(/\/\/.*$/gm, '').matchAll(/["']([A-Za-z0-9]+)["']/g)].map((match) => match[1]!);
  }
  throw new Error(
    `No "disabledFeatures = [" list in ${candidates.join(', ') || `${root}/lib`}: Playwright moved its Chromium switches; find them and update PLAYWRIGHT_DISABLED_FEATURES in bench/chromium.ts`,
  );
}

describe('the Chromium switches every browser run uses', () => {
  it("carries every feature the installed Playwright disables, since ours replaces Playwright's --disable-features", () => {
    const installed = installedPlaywrightDisabledFeatures();
    expect(installed.length).toBeGreaterThan(5);
    expect(installed.filter((feature) => !PLAYWRIGHT_DISABLED_FEATURES.includes(feature))).toEqual([]);
  });

  it('passes one --disable-features with both lists', () => {
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    expect(switches[0]!.slice('--disable-features='.length).split(',')).toEqual(
      expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...NOISY_FEATURES]),
    );
  });
});
