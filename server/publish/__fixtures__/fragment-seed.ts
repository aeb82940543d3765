/**
 * The server tests' seed (server/test-support/seed-fixture.ts) for the fragment suites, with de-DE's footer
 * disclaimer left out: the disclaimer's rich text renders only in the browser (runtime/components/Footer
 * loads it lazily, and its sanitiser needs a window), which fragments refuse as an incomplete footer
 * (findClientRenderedPart in ../fragments.ts). These suites test publishing, not the footer's components.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeSeedFixture } from '../../test-support/seed-fixture';

export async function writeFragmentSeed(dir: string): Promise<string> {
  await writeSeedFixture(dir);
  const file = path.join(dir, 'de-DE.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as { footer: { disclaimer?: string } };
  delete config.footer.disclaimer;
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
  return dir;
}
