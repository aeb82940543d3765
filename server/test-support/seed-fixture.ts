/**
 * A small seed directory for server tests, built from the repo's committed configs so tests follow
 * the real schema, but independent of locales still being written:
 *   flags.json, de-DE.json (copied), markets.json (only the de-DE market), and en-GB.json, which is
 *   deliberately invalid (a copy of de-DE, so its locale does not match its name): it is seeded as
 *   a draft but never published.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = path.join(REPO_ROOT, 'config');

export async function writeSeedFixture(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await copyFile(path.join(CONFIG, 'flags.json'), path.join(dir, 'flags.json'));
  await copyFile(path.join(CONFIG, 'de-DE.json'), path.join(dir, 'de-DE.json'));
  await copyFile(path.join(CONFIG, 'de-DE.json'), path.join(dir, 'en-GB.json'));
  const markets = JSON.parse(await readFile(path.join(CONFIG, 'markets.json'), 'utf8')) as {
    markets: { locale: string; preferredLocale: string }[];
  };
  markets.markets = markets.markets.filter((m) => m.locale === 'de-DE' && m.preferredLocale === 'de-DE');
  await writeFile(path.join(dir, 'markets.json'), `${JSON.stringify(markets, null, 2)}\n`);
  return dir;
}
