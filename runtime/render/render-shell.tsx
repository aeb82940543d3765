import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { CountryBanner } from '../components/CountryBanner';
import { DesignProvider } from '../components/DesignContext';
import { Footer } from '../components/Footer/Footer';
import { Header } from '../components/Header/Header';
import { RichTextServerSanitizer } from '../components/RichText/RichText';
import { sanitizeRichTextOnServer } from '../components/RichText/sanitize-rich-text.server';
import { Shell, type ShellHandlers } from '../components/Shell';
import {
  bannerCountryName,
  countryBannerSuggestion,
  resolveShell,
  type MarketModel,
  type ShellModel,
} from '../resolver';
import { firstRenderContext } from './first-render-context';
import { headScripts, headTags } from './head-tags';
import type { RenderedShell, RenderShellInput } from './render-input';

export type { RenderContext, RenderedShell, RenderShellInput } from './render-input';

/** Server markup has no behaviour: the client's handlers take over when it hydrates. */
const noop = () => undefined;
const SERVER_HANDLERS: ShellHandlers = {
  onLogout: noop,
  onOpenConsentSettings: noop,
  onChooseMarket: noop,
  onSwitchAccount: noop,
};

/** React's server render with what only the server provides: the rich-text sanitiser that works without a DOM. */
function renderOnServer(node: ReactNode): string {
  return renderToString(<RichTextServerSanitizer value={sanitizeRichTextOnServer}>{node}</RichTextServerSanitizer>);
}

/** The model and banner of one request: the same resolver, and the same context, as the client's first render. */
export function resolveForRender(input: RenderShellInput): { model: ShellModel; suggestion: MarketModel | undefined } {
  const { config, fallback, markets, flags, flagValues, context } = input;
  const flagsOn = new Set(flagValues ?? flags.flags.filter((f) => f.default).map((f) => f.id));
  const model = resolveShell(
    { config, ...(fallback ? { fallback } : {}), markets: markets.markets },
    firstRenderContext(config, flagsOn, context),
  );
  const suggestion = countryBannerSuggestion({
    markets: model.footer?.marketPicker?.markets ?? [],
    currentConfigId: model.locale,
    ...(context.country ? { countryChoice: context.country } : {}),
  });
  return { model, suggestion };
}

/** The country banner LiveShell shows for a suggested market, with the buttons' work left to the client. */
export function bannerElement(input: RenderShellInput, suggestion: MarketModel | undefined): ReactNode {
  if (!suggestion) return null;
  const { banner } = input.config.strings;
  return (
    <CountryBanner
      text={banner.text}
      market={bannerCountryName(suggestion, input.config.locale)}
      allGoodLabel={banner.allGood}
      chooseLabel={banner.chooseMarket}
      onAllGood={noop}
      onChooseMarket={noop}
    />
  );
}

/**
 * The shell's one render entry point (docs/rendering.md#the-render-entry-point): the header, footer,
 * country banner and head tags of one request as HTML strings, rendered with React's server renderer from the
 * same resolver and components as the client. Publish-time fragments, the portal's server-rendered pages and
 * the custom elements all use it; nothing else renders chrome to HTML.
 *
 * The header and footer are separate React roots (`<DesignProvider><Header/></DesignProvider>` and the same
 * for the footer), so a host can place them apart and hydrate each alone. Pure apart from React's render:
 * no window, no I/O, the clock comes in the context. Throws only when a component throws, as the client would.
 *
 * @example
 *   const { head, header, footer } = renderShell({ config, markets, flags, context: { page: 'home', now: new Date() } });
 */
export function renderShell(input: RenderShellInput): RenderedShell {
  const { model, suggestion } = resolveForRender(input);
  const design = { design: model.design, containerMaxWidth: model.containerMaxWidth };
  const header = renderOnServer(
    <DesignProvider value={design}>
      <Header model={model.header} onLogout={noop} onSwitchAccount={noop} onActionItem={noop} />
    </DesignProvider>,
  );
  const footer = model.footer
    ? renderOnServer(
        <DesignProvider value={design}>
          <Footer
            model={model.footer}
            onOpenConsentSettings={noop}
            onChooseMarket={noop}
            onFooterLinkTap={noop}
            closeLabel={model.header.strings.closeMenu}
          />
        </DesignProvider>,
      )
    : '';
  const banner = suggestion ? renderOnServer(bannerElement(input, suggestion)) : '';
  return {
    head: headTags(input.config, model, input.context.page, input.context.origin),
    headScripts: headScripts(input.config),
    header,
    footer,
    banner,
    model,
  };
}

/** A whole page's chrome as one tree with `main` in its slot: the markup the client's Shell hydrates (runtime/host/LiveShell.tsx). */
export function renderShellPage(
  input: RenderShellInput,
  main: ReactNode,
): { head: string; html: string; model: ShellModel } {
  const { model, suggestion } = resolveForRender(input);
  const html = renderOnServer(
    <Shell model={model} handlers={SERVER_HANDLERS} banner={bannerElement(input, suggestion)}>
      {main}
    </Shell>,
  );
  return { head: headTags(input.config, model, input.context.page, input.context.origin), html, model };
}
