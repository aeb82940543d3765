import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import {
  isAllowedAttribute,
  isAllowedRichTextUrl,
  readTextAlign,
  RICH_TEXT_ATTRIBUTE_NAMES,
  RICH_TEXT_ELEMENTS,
  URL_ATTRIBUTES,
} from '../../../schemas/validator/rich-text-policy';

/** The allow-list the validator enforces (schemas/validator/rich-text-policy.ts); this renderer holds no list of its own. */
const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_ELEMENTS],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTE_NAMES],
  // Without this, any data-* attribute would pass alongside the allow-list.
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

let purifier: DOMPurify | undefined;

/**
 * A DOMPurify instance of our own, so these hooks never leak into other code that uses the
 * shared default instance. Created on first use because DOMPurify needs a window.
 */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  // DOMPurify takes one attribute list for all elements; which element takes which, and what a URL or a
  // style may hold, is the policy's.
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    if (!isAllowedAttribute(node.nodeName.toLowerCase(), data.attrName)) {
      data.keepAttr = false;
    } else if (data.attrName === 'style') {
      const align = readTextAlign(data.attrValue);
      if (align) data.attrValue = `text-align: ${align}`;
      else data.keepAttr = false;
    } else if (URL_ATTRIBUTES.has(data.attrName) && !isAllowedRichTextUrl(data.attrValue)) {
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
