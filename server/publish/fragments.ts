/**
 * The prerendered visitor chrome that every publication writes beside the configs (docs/rendering.md#fragments):
 * per published locale its header and its footer as HTML, and the one stylesheet they need. The config
 * service's publish and `npm run build:configs` both call renderFragments, with the same documents and the
 * same clock, which is what makes their files byte-identical.
 *
 * The render itself is runtime/render's renderShell, loaded on first use: the service starts, saves and
 * publishes configs without the React tree in memory until a fragment is due.
 */
import type { ManifestFragments } from '../../schemas/contracts/index';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { LOCALE_CONFIG_IDS, type ConfigDocumentId, type DocumentId } from '../../schemas/validator/index';
import { ACCOUNT_MENU_FALLBACK } from '../../schemas/locale-registry';
import { renderFragmentFile, type FragmentFile } from '../storage/published-config';

/** A published document as customers load it: the published file's hash and its parsed JSON. */
export interface PublishedDocument {
  hash: string;
  value: unknown;
}

export interface RenderedFragments {
  /** The stylesheet first, then each locale's header and footer, in LOCALE_CONFIG_IDS order. */
  files: FragmentFile[];
  section: ManifestFragments;
}

/**
 * The clock a publication renders with: noon UTC on 1 July of `at`'s UTC year. Only the footer's copyright
 * year reads the clock, so the fragments of a set of documents are the same bytes all year, whoever renders
 * them; a publication in a new year renders that year. Mid-year, so the year is the same in every time zone
 * (the resolver reads it with getFullYear).
 */
export function publicationClock(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), 6, 1, 12));
}

type RenderModules = [
  typeof import('../../runtime/render/render-shell'),
  typeof import('../../runtime/styles/shell-css'),
];

/**
 * Renders fragments and remembers each locale's last pair by what it was rendered from, so a publication
 * that changes one locale renders that locale only, and one that changes nothing renders nothing.
 */
export class FragmentRenderer {
  #modules: Promise<RenderModules> | undefined;
  #css: FragmentFile | undefined;
  readonly #pairs = new Map<ConfigDocumentId, { key: string; header: FragmentFile; footer: FragmentFile }>();

  /**
   * The fragments of every published locale config, rendered for a visitor on the locale's home page with the
   * flags' defaults; undefined until the markets and the flags are published (the footer lists the markets,
   * the flag defaults decide what shows). A locale whose render throws is left out and named in the error
   * `onLocaleError` receives; the others are still written.
   */
  async render(
    documents: ReadonlyMap<DocumentId, PublishedDocument>,
    now: Date,
    onLocaleError: (id: ConfigDocumentId, error: unknown) => void,
  ): Promise<RenderedFragments | undefined> {
    const markets = documents.get('markets');
    const flags = documents.get('flags');
    const locales = LOCALE_CONFIG_IDS.filter((id) => documents.has(id));
    if (!markets || !flags || locales.length === 0) return undefined;
    const [{ renderShell }, { readShellCss }] = await (this.#modules ??= Promise.all([
      import('../../runtime/render/render-shell'),
      import('../../runtime/styles/shell-css'),
    ]));
    this.#css ??= renderFragmentFile({ slot: 'css' }, readShellCss());
    const css = this.#css;

    const fallback = documents.get(ACCOUNT_MENU_FALLBACK);
    const year = now.getUTCFullYear();
    const files: FragmentFile[] = [css];
    const section: ManifestFragments = { css: { file: css.file, hash: css.hash }, locales: {} };
    for (const id of locales) {
      const locale = documents.get(id)!;
      const key = [locale.hash, fallback?.hash, markets.hash, flags.hash, year].join(' ');
      let pair = this.#pairs.get(id);
      if (pair?.key !== key) {
        try {
          const shell = renderShell({
            config: locale.value as LocaleConfig,
            ...(fallback ? { fallback: fallback.value as LocaleConfig } : {}),
            markets: markets.value as MarketsDocument,
            flags: flags.value as FlagsDocument,
            context: { page: 'home', now },
          });
          for (const slot of ['header', 'footer'] as const) assertComplete(shell[slot], slot);
          pair = {
            key,
            header: renderFragmentFile(
              { locale: id, slot: 'header' },
              fragmentText(id, 'header', css.file, shell.header),
            ),
            footer: renderFragmentFile(
              { locale: id, slot: 'footer' },
              fragmentText(id, 'footer', css.file, shell.footer),
            ),
          };
          this.#pairs.set(id, pair);
        } catch (error) {
          onLocaleError(id, error);
          continue;
        }
      }
      files.push(pair.header, pair.footer);
      section.locales[id] = {
        header: { file: pair.header.file, hash: pair.header.hash },
        footer: { file: pair.footer.file, hash: pair.footer.hash },
      };
    }
    return { files, section };
  }
}

/** React's mark for a Suspense boundary it gave up on and left to the browser: `<!--$!-->`, then a template with the reason. */
const CLIENT_RENDERED = /<!--\$!-->(?:<template[^>]*?data-msg="([^"]*)")?/;
const ENTITIES: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/**
 * Why React left part of `html` to the browser, or undefined when the server rendered all of it. A fragment
 * is for hosts that may run no script, so such a part is a missing part (and its reason text, which can
 * carry a stack, would make the bytes depend on the machine).
 */
export function findClientRenderedPart(html: string): string | undefined {
  const match = CLIENT_RENDERED.exec(html);
  if (!match) return undefined;
  const lines = (match[1] ?? '').replace(/&(?:quot|#x27|lt|gt|amp);/g, (e) => ENTITIES[e]!).split('\n');
  return (
    lines.find((line) => line.trim() !== '' && !line.startsWith('Switched to client rendering'))?.trim() ??
    'React gave no reason'
  );
}

function assertComplete(html: string, slot: 'header' | 'footer'): void {
  const reason = findClientRenderedPart(html);
  if (reason)
    throw new Error(
      `the ${slot} has a part that renders only in the browser (React switched a Suspense boundary to client rendering: ${reason}); every component in it must render on the server, without a lazy import or a window`,
    );
}

/**
 * A fragment file: a comment that says what it is and which stylesheet it needs (relative to the manifest),
 * then the markup as renderShell wrote it, then a newline. No script, no time, no absolute origin.
 */
function fragmentText(id: ConfigDocumentId, slot: 'header' | 'footer', cssFile: string, html: string): string {
  return `<!-- portal-shell ${slot}, ${id}, visitor; needs the stylesheet ${cssFile} (docs/rendering.md#fragments) -->\n${html}\n`;
}
