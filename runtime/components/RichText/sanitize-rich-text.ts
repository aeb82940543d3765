import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/** SPEC §5: the only tags a config's rich text may use. */
export const RICH_TEXT_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'ul', 'li', 'strong', 'em', 'u', 'del', 'sup', 'sub', 'span'];
/** `style` is read only for paragraph alignment; every other declaration is dropped. */
export const RICH_TEXT_ATTRS = ['href', 'style', 'target', 'rel'];

const ALIGNMENTS = new Set(['left', 'right', 'center', 'justify']);

const CONFIG: Config = {
  ALLOWED_TAGS: RICH_TEXT_TAGS,
  ALLOWED_ATTR: RICH_TEXT_ATTRS,
  // Without this, any data-* attribute would pass alongside the allow-list.
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** `text-align: center` from a style attribute, or undefined when there is none we accept. */
export function readTextAlign(style: string): string | undefined {
  for (const declaration of style.split(';')) {
    const [property, value] = declaration.split(':').map((part) => part.trim().toLowerCase());
    if (property === 'text-align' && value && ALIGNMENTS.has(value)) return value;
  }
  return undefined;
}

let purifier: DOMPurify | undefined;

/**
 * A DOMPurify instance of our own, so these hooks never leak into other code that uses the
 * shared default instance. Created on first use because DOMPurify needs a window.
 */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (data.attrName !== 'style') return;
    const align = node.nodeName === 'P' ? readTextAlign(data.attrValue) : undefined;
    if (align) {
      data.attrValue = `text-align: ${align}`;
    } else {
      data.keepAttr = false;
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      // Links in rich text always open in a new tab, without giving the new page access to this one.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      // target and rel mean nothing elsewhere; keep the output to what renders.
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  purifier = instance;
  return instance;
}

/** Cleans config HTML for rendering: allow-listed tags only, safe links, alignment only. */
export function sanitizeRichText(html: string): string {
  return getPurifier().sanitize(html, CONFIG);
}
