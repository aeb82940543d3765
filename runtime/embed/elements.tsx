/**
 * <portal-header> and <portal-footer>: the React package's PortalHeader and PortalFooter (runtime/index.ts)
 * behind attributes and events (docs/embedding.md#custom-elements). Everything they load and decide is the
 * package's; this file only maps the element's input to their props.
 */
import { PortalFooter, PortalHeader, type PortalProps } from '../index';
import { createDataLayerCollector } from '../tracking';
import type { ElementRenderer, ElementRenderInput } from './portal-element';

/** The tag names, one per part. */
export const ELEMENT_TAGS = { header: 'portal-header', footer: 'portal-footer' } as const;

function portalProps({ settings, documents, currentPath, logout, track }: ElementRenderInput): PortalProps {
  return {
    ...documents,
    locale: settings.locale,
    page: settings.page,
    manifestUrl: settings.manifestUrl,
    ...(settings.apiBase ? { apiBase: settings.apiBase } : {}),
    ...(settings.flags ? { flags: settings.flags } : {}),
    // No navigate: link clicks become portal-navigate in the element itself (portal-element.ts).
    currentPath,
    onLogout: (event) => {
      if (!logout(event.href)) event.preventDefault();
    },
    onTrack: (collected) => {
      // The default a host did not cancel: the page's tag manager, if it has one; never a data layer of our own.
      if (track(collected) && window.dataLayer) void createDataLayerCollector(window).send(collected);
    },
  };
}

export const renderHeader: ElementRenderer = (input) => <PortalHeader {...portalProps(input)} />;
export const renderFooter: ElementRenderer = (input) => <PortalFooter {...portalProps(input)} />;
