/**
 * The documents a server-rendered element hydrates with (docs/embedding.md#server-rendered-html). Hydration
 * needs a first render identical to the fragment, and without its documents the part's first render is its
 * loading state; so the element loads them first, while the fragment stays on screen, and hands them in as
 * the package's `config`, `markets` and `flagsDocument` props.
 */
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { getManifest, getPublishedDocument } from '../config/get-published-config';
import { chooseConfig } from '../resolver';
import type { ElementSettings } from './attributes';

export interface ElementDocuments {
  config: LocaleConfig;
  markets: MarketsDocument;
  flagsDocument: FlagsDocument;
}

/** Rejects with the runtime's ConfigLoadError (document, URL, what went wrong) when a document cannot be used. */
export async function loadElementDocuments({ locale, page, manifestUrl }: ElementSettings): Promise<ElementDocuments> {
  const choice = chooseConfig(locale, page);
  if (!choice.ok) throw new Error(choice.message);
  const manifest = await getManifest(manifestUrl);
  const [config, markets, flagsDocument] = await Promise.all([
    getPublishedDocument<LocaleConfig>(choice.configId, manifest, manifestUrl),
    getPublishedDocument<MarketsDocument>('markets', manifest, manifestUrl),
    getPublishedDocument<FlagsDocument>('flags', manifest, manifestUrl),
  ]);
  return { config, markets, flagsDocument };
}
