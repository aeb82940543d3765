/**
 * dist/embed/portal-shell.js (scripts/build-embed.ts): one script, React included, that defines <portal-header>
 * and <portal-footer> (docs/embedding.md#custom-elements). Loading it twice, or next to another copy, defines
 * nothing twice.
 */
import shellCss from '../styles/index.css?inline';
import { ELEMENT_TAGS, renderFooter, renderHeader } from './elements';
import { pinRem } from './pin-rem';
import { createPortalElement } from './portal-element';

const css = pinRem(shellCss);
if (!customElements.get(ELEMENT_TAGS.header))
  customElements.define(ELEMENT_TAGS.header, createPortalElement(renderHeader, css));
if (!customElements.get(ELEMENT_TAGS.footer))
  customElements.define(ELEMENT_TAGS.footer, createPortalElement(renderFooter, css));
