/**
 * The rich-text allow-list (docs/config-format.md#rich-text), in one place: the validator refuses what it
 * does not allow (rich-text-check.ts), and the runtime's DOMPurify configuration is built from the same
 * lists (runtime/components/RichText/sanitize-rich-text.ts). Free of any HTML parser, so the runtime can
 * import it without one.
 */
import { classifyHref, type LinkKind } from './link-safety';

/** Elements rich text may use, all in the HTML namespace. */
export const RICH_TEXT_ELEMENTS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'ul',
  'li',
  'strong',
  'em',
  'u',
  'del',
  'sup',
  'sub',
  'span',
] as const;
export type RichTextElement = (typeof RICH_TEXT_ELEMENTS)[number];

/**
 * Attributes per element; an element not named here takes none. No id or name anywhere: they would let
 * published text override page globals (DOM clobbering). Links open in a new tab with rel="noopener
 * noreferrer", which the renderer sets itself, so target and rel are not the author's to choose.
 */
export const RICH_TEXT_ATTRIBUTES: Readonly<Partial<Record<RichTextElement, readonly string[]>>> = {
  a: ['href'],
  p: ['style'],
};

/** Every attribute name some element may carry: DOMPurify takes one list, the per-element rule is a hook. */
export const RICH_TEXT_ATTRIBUTE_NAMES: readonly string[] = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

/** Attributes that hold a URL: each must be a link classifyHref accepts. */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href']);

/** The only style: paragraph alignment. */
export const TEXT_ALIGNMENTS = ['left', 'right', 'center', 'justify'] as const;

/** Link kinds a rich-text URL may be (internal paths are not prefixed with the base path, so write the full path). */
const URL_KINDS: ReadonlySet<LinkKind> = new Set(['internal', 'external', 'anchor', 'contact']);

const ELEMENTS: ReadonlySet<string> = new Set(RICH_TEXT_ELEMENTS);

export function isRichTextElement(name: string): name is RichTextElement {
  return ELEMENTS.has(name);
}

/** Attributes `element` may carry, for messages: "style", or none. */
export function attributesOf(element: string): readonly string[] {
  return isRichTextElement(element) ? (RICH_TEXT_ATTRIBUTES[element] ?? []) : [];
}

export function isAllowedAttribute(element: string, attribute: string): boolean {
  return attributesOf(element).includes(attribute);
}

export function isAllowedRichTextUrl(url: string): boolean {
  return URL_KINDS.has(classifyHref(url));
}

const ALIGNMENT_DECLARATION = new RegExp(`^text-align\\s*:\\s*(${TEXT_ALIGNMENTS.join('|')})$`, 'i');

/** The declarations of a style attribute other than an allowed text-align, as written; empty when it is fine. */
export function disallowedDeclarations(style: string): string[] {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration !== '' && !ALIGNMENT_DECLARATION.test(declaration));
}

/** `center` from a style attribute (the last alignment, as in CSS), or undefined when it sets none we accept; the renderer keeps only that. */
export function readTextAlign(style: string): string | undefined {
  let align: string | undefined;
  for (const declaration of style.split(';'))
    align = ALIGNMENT_DECLARATION.exec(declaration.trim())?.[1]?.toLowerCase() ?? align;
  return align;
}
