// A Next-style server render with the installed package (docs/embedding.md#server-render-next-style): Node loads
// the published documents from the config service, renders <PortalHeader> with react-dom/server, and renders the
// same request through the package's server entry. Run from the folder the package is installed in:
//   node render-header.mjs <manifest URL> <locale id>
// Prints { header, serverHeader } as JSON.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PortalHeader } from '@depona/portal-shell';
import { renderShell } from '@depona/portal-shell/server';

const [manifestUrl, locale] = process.argv.slice(2);
if (!manifestUrl || !locale) throw new Error('usage: node render-header.mjs <manifest URL> <locale id>');

async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}
const manifest = await json(manifestUrl);
const load = (id) => json(new URL(manifest.documents[id].file, manifestUrl));
const [config, markets, flagsDocument] = await Promise.all([load(locale), load('markets'), load('flags')]);

const header = renderToString(createElement(PortalHeader, { locale, config, markets, flagsDocument }));
const serverHeader = renderShell({
  config,
  markets,
  flags: flagsDocument,
  context: { page: 'home', now: new Date() },
}).header;
process.stdout.write(JSON.stringify({ header, serverHeader }));
