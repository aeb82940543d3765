/**
 * Rich text against the allow-list (rich-text-policy.ts), read by parse5, the WHATWG HTML parser: it builds
 * the tree a browser builds, so what it reports is what would be live on a page, however the markup is
 * disguised (unclosed or misnested tags, odd case, entities, SVG and MathML namespaces). Nothing is
 * changed: every element, attribute or URL outside the allow-list is a finding that names what to remove.
 *
 * The text is read the ways the places it can end up read it, and whatever any reading finds is reported:
 * 1. inside a page's <body> (a page that pastes the published text in). Start tags that add their
 *    attributes to the page's own <html> or <body> (`<body onload=…>`) are caught as the parser adopts them.
 *    Text that ends inside a tag or comment (`<img src=x onerror=alert(1)//`) is inert alone but takes in
 *    whatever follows it on a page, so it is refused too;
 * 2. where the elements a body ignores are elements: table parts (`<td onclick=…>`) inside a <table>,
 *    <frame> inside a <frameset>, and a leading <frameset onload=…> in a document of its own. These readings
 *    run only when such a tag is written;
 * 3. serialised and parsed again, as whenever a renderer takes innerHTML and sets it elsewhere (mutation
 *    XSS). Markup that changes meaning on the second parse needs foreign content or raw-text elements,
 *    which the allow-list refuses in the first reading; this reading keeps that true if the list grows.
 */
import {
  defaultTreeAdapter,
  html,
  parse,
  parseFragment,
  serialize,
  type DefaultTreeAdapterMap,
  type DefaultTreeAdapterTypes,
  type ParserOptions,
  type Token,
} from 'parse5';
import { malformation, SAFE_LINK_FORMS, unsafeScheme } from './link-safety';
import type { ProblemCode } from './problem';
import {
  attributesOf,
  disallowedDeclarations,
  isAllowedAttribute,
  isAllowedRichTextUrl,
  isRichTextElement,
  RICH_TEXT_ELEMENTS,
  TEXT_ALIGNMENTS,
  URL_ATTRIBUTES,
} from './rich-text-policy';

export interface RichTextFinding {
  code: ProblemCode;
  message: string;
  hint: string;
}

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

const HINT = 'rich text is published exactly as written; docs/config-format.md#rich-text lists what it may contain';
const ALLOWED = `allowed: ${RICH_TEXT_ELEMENTS.join(', ')}`;
const PAGE = '<!DOCTYPE html><html><head></head><body>';
/** The element that opens each foreign namespace, to say where an element like <script> or <style> sits. */
const FOREIGN_ROOTS: Partial<Record<string, string>> = { [html.NS.SVG]: 'svg', [html.NS.MATHML]: 'math' };

/**
 * Elements a body ignores, each with a context where it is an element, matched as the tokenizer reads a tag
 * name (the WHATWG HTML standard's tag open state). A leading <frameset> is an element of a document of its
 * own. (<head> is ignored too, but does nothing anywhere a text can be put.)
 */
const IGNORED_IN_BODY = [
  { tag: /<(?:caption|col|colgroup|tbody|td|tfoot|th|thead|tr)[\t\n\f\r />]/i, context: 'table' },
  { tag: /<frame[\t\n\f\r />]/i, context: 'frameset' },
] as const;
const FRAMESET_TAG = /<frameset[\t\n\f\r />]/i;

/**
 * The last texts checked and what was found: a draft is validated on every keystroke, and its rich texts are
 * rarely what is being typed, so each is parsed once while it stays the same. Findings are never mutated
 * (callers copy them with their pointer).
 */
const checked = new Map<string, readonly RichTextFinding[]>();
const CHECKED_KEPT = 64;

export function checkRichText(text: string): readonly RichTextFinding[] {
  const known = checked.get(text);
  if (known) return known;
  const findings = parseAndCheck(text);
  if (checked.size >= CHECKED_KEPT) checked.delete(checked.keys().next().value!);
  checked.set(text, findings);
  return findings;
}

function parseAndCheck(text: string): RichTextFinding[] {
  const findings = new Map<string, RichTextFinding>();
  const report = (finding: RichTextFinding) => findings.set(finding.message, finding);

  const adopted: string[] = [];
  let unfinished = false;
  // Source locations tell written elements from those the parser implies (the tbody around a written <tr>).
  const options: ParserOptions<DefaultTreeAdapterMap> = {
    sourceCodeLocationInfo: true,
    treeAdapter: {
      ...defaultTreeAdapter,
      adoptAttributes(recipient: Element, attrs: Token.Attribute[]) {
        adopted.push(recipient.tagName);
        defaultTreeAdapter.adoptAttributes(recipient, attrs);
      },
    },
  };
  const page = parse(PAGE + text, {
    ...options,
    onParseError: (error) => (unfinished ||= error.code.startsWith('eof-in-')),
  });
  for (const name of adopted) report(elementFinding(`<${name}>`));
  if (unfinished) report(unfinishedFinding(text));
  checkTree(page, report);
  for (const { tag, context } of IGNORED_IN_BODY)
    if (tag.test(text))
      checkTree(parseFragment(defaultTreeAdapter.createElement(context, html.NS.HTML, []), text, options), report);
  if (FRAMESET_TAG.test(text)) checkTree(parse(text, options), report);
  if (findings.size === 0) {
    const body = bodyOf(page);
    const again = (finding: RichTextFinding) =>
      report({ ...finding, message: `${finding.message} (it appears when the markup is parsed a second time)` });
    if (body) checkTree(parse(PAGE + serialize(body)), again, { everyElement: true });
  }
  return [...findings.values()];
}

/**
 * Every element of the tree, iteratively (the text may nest deeply). The page's own html, head and body are
 * not the text's. With source locations, an element without one was implied by the parser, not written:
 * what was written is reported instead. A serialised tree has every element written out.
 */
function checkTree(root: ParentNode, report: (finding: RichTextFinding) => void, { everyElement = false } = {}): void {
  const stack: ParentNode[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    for (const child of node.childNodes) {
      // Parsers that are not the browser's end comments elsewhere (`--!>`, conditional comments): none are needed.
      if (child.nodeName === '#comment') report(commentFinding((child as DefaultTreeAdapterTypes.CommentNode).data));
      if (!('tagName' in child)) continue;
      stack.push(
        child.tagName === 'template'
          ? defaultTreeAdapter.getTemplateContent(child as DefaultTreeAdapterTypes.Template)
          : child,
      );
      const ownPage = root.nodeName === '#document' && ['html', 'head', 'body'].includes(child.tagName);
      if (ownPage || !(everyElement || child.sourceCodeLocation)) continue;
      checkElement(child, report);
    }
  }
}

function checkElement(element: Element, report: (finding: RichTextFinding) => void): void {
  const name = element.tagName;
  const foreignRoot = FOREIGN_ROOTS[element.namespaceURI];
  if (foreignRoot || !isRichTextElement(name))
    return report(
      elementFinding(foreignRoot && foreignRoot !== name ? `<${name}> inside <${foreignRoot}>` : `<${name}>`),
    );
  for (const attribute of element.attrs) {
    const attr = attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name;
    if (!isAllowedAttribute(name, attr)) {
      const allowed = attributesOf(name);
      report({
        code: 'rich-text-attribute',
        message: `${attr} on <${name}> is not allowed in rich text; remove it (${allowed.length > 0 ? `<${name}> takes only ${allowed.join(', ')}` : `<${name}> takes no attributes`})`,
        hint: HINT,
      });
    } else if (attr === 'style') {
      const extra = disallowedDeclarations(attribute.value);
      if (extra.length > 0)
        report({
          code: 'rich-text-attribute',
          message: `style on <${name}> may only set text-align; remove ${JSON.stringify(extra.join('; '))}`,
          hint: `text-align takes ${TEXT_ALIGNMENTS.join(', ')}`,
        });
    } else if (URL_ATTRIBUTES.has(attr)) {
      const scheme = unsafeScheme(attribute.value);
      if (scheme)
        report({
          code: 'unsafe-link',
          message: `unsafe link scheme "${scheme}" in rich text`,
          hint: 'remove the link or point it at https:// or a / path',
        });
      else if (!isAllowedRichTextUrl(attribute.value))
        report({
          code: 'malformed-link',
          message: `${attr} ${JSON.stringify(attribute.value)} on <${name}> ${malformation(attribute.value) ?? 'is a relative link'}; remove it`,
          hint: `write ${SAFE_LINK_FORMS}`,
        });
    }
  }
}

function unfinishedFinding(text: string): RichTextFinding {
  const tail = text.slice(Math.max(text.lastIndexOf('<'), 0));
  const shown = tail.length > 40 ? `${tail.slice(0, 40)}…` : tail;
  return {
    code: 'rich-text-element',
    message: `rich text ends inside unfinished markup (${JSON.stringify(shown)}), which would take in whatever follows it on a page; finish or remove it`,
    hint: HINT,
  };
}

function commentFinding(data: string): RichTextFinding {
  const shown = data.length > 40 ? `${data.slice(0, 40)}…` : data;
  return {
    code: 'rich-text-element',
    message: `comments are not allowed in rich text; remove <!--${shown}-->`,
    hint: HINT,
  };
}

function elementFinding(label: string): RichTextFinding {
  return {
    code: 'rich-text-element',
    message: `${label} is not allowed in rich text; remove it (${ALLOWED})`,
    hint: HINT,
  };
}

function bodyOf(page: DefaultTreeAdapterTypes.Document): Element | undefined {
  const root = page.childNodes.find((n): n is Element => 'tagName' in n && n.tagName === 'html');
  return root?.childNodes.find((n): n is Element => 'tagName' in n && n.tagName === 'body');
}
