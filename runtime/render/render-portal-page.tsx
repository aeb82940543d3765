import { PortalBody } from '../host/PortalBody';
import { jsonForScript } from './escape-html';
import { PORTAL_STATE_ELEMENT_ID, type PortalPageState } from '../../schemas/contracts/portal-state';
import { renderShellPage } from './render-shell';

export interface RenderedPortalPage {
  /** The head tags (title, description, canonical, alternates). */
  head: string;
  /** The markup inside the page's #root: what the client hydrates. */
  root: string;
  /** The <script type="application/json"> holding `state`, after #root. */
  stateScript: string;
  lang: string;
}

/**
 * A portal page as the server sends it: the client's whole first render of LiveShell (docs/rendering.md#hydration),
 * with the page body it renders, and the state that first render is computed from.
 */
export function renderPortalPage(state: PortalPageState, now: Date, origin?: string): RenderedPortalPage {
  const { config, fallback, markets, flags } = state.documents;
  const { head, html, model } = renderShellPage(
    {
      config,
      ...(fallback ? { fallback } : {}),
      markets,
      flags,
      context: {
        page: state.page,
        now,
        loggedIn: state.loggedIn,
        ...(origin ? { origin } : {}),
        ...(state.country ? { country: state.country } : {}),
        ...(state.distributorId ? { distributorId: state.distributorId } : {}),
      },
    },
    <PortalBody page={state.page} locale={config.locale} />,
  );
  return {
    head,
    root: html,
    stateScript: `<script type="application/json" id="${PORTAL_STATE_ELEMENT_ID}">${jsonForScript(state)}</script>`,
    lang: model.locale,
  };
}
