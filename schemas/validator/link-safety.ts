/**
 * The one URL classifier, for every link, image and rich-text URL: the validator refuses with it, the
 * resolver drops links with it at render time, and the rich-text sanitiser strips hrefs with it.
 *
 * It reads an href the way a browser does, with the WHATWG URL parser: the href is resolved against a base
 * of our own and counts as internal only when the result keeps the base's origin. That is what stops the
 * shapes that look like paths but are not: "//host", "/\host" (browsers read "\" as "/"), and "/\t/host"
 * (the parser deletes tabs and newlines anywhere). Schemes are checked the way browsers read them too:
 * they ignore ASCII whitespace and control characters inside a scheme and decode HTML entities in
 * attributes, so "java\tscript:", "&#106;avascript:" and "JaVaScRiPt:" all execute.
 */
export type LinkKind = 'internal' | 'anchor' | 'external' | 'contact' | 'unsafe' | 'invalid';

const UNSAFE_SCHEMES = ['javascript:', 'data:', 'vbscript:'] as const;

/** How to write a link we accept, for hints. */
export const SAFE_LINK_FORMS = 'a path starting with /, an https:// URL, #anchor, mailto: or tel:';

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: ' ',
  amp: '&',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  period: '.',
};

export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (match, body: string) => {
    const lower = body.toLowerCase();
    if (lower.startsWith('#x')) return safeFromCodePoint(parseInt(lower.slice(2), 16), match);
    if (lower.startsWith('#')) return safeFromCodePoint(parseInt(lower.slice(1), 10), match);
    return NAMED_ENTITIES[lower] ?? match;
  });
}

function safeFromCodePoint(code: number, fallback: string): string {
  return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** What the browser would see as the start of the URL: entities decoded, controls and whitespace removed, lower case. */
export function normaliseForSchemeCheck(href: string): string {
  return (
    decodeEntities(href)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g, '')
      .toLowerCase()
  );
}

export function unsafeScheme(href: string): string | undefined {
  const normalised = normaliseForSchemeCheck(href);
  return UNSAFE_SCHEMES.find((scheme) => normalised.startsWith(scheme));
}

/**
 * Hrefs that are plainly one kind, checked first because the resolver classifies every link on every render:
 * a known prefix, then nothing a browser drops or reinterprets (controls, spaces, "\"), nor an entity ("&").
 * "/" must not be followed by "/" or "\", and "https://" must be followed by a host.
 */
// eslint-disable-next-line no-control-regex -- the point is to send control characters to the full check
const PLAIN = /^(?:(\/(?![/\\]))|(#)|(mailto:|tel:)|https?:\/\/(?=[^/\\])|www\.)[^\u0000-\u0020\u007f\\&]*$/i;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Any base of our own does: only its origin is compared. `.invalid` never names a real host (RFC 2606). */
const BASE = 'https://base.invalid/';
const BASE_ORIGIN = new URL(BASE).origin;

export function classifyHref(href: string): LinkKind {
  const plain = PLAIN.exec(href);
  if (plain)
    return plain[1] !== undefined
      ? 'internal'
      : plain[2] !== undefined
        ? 'anchor'
        : plain[3] !== undefined
          ? 'contact'
          : 'external';
  if (unsafeScheme(href)) return 'unsafe';
  if (malformation(href)) return 'invalid';
  return kindAsParsed(href);
}

/**
 * Why a browser would not read `href` as the link it looks like, in words for an error message ("is read by
 * browsers as a link to evil.example"); undefined when it is well-formed (it may still be a relative path,
 * which the validator words on its own, or an unsafe scheme).
 */
export function malformation(href: string): string | undefined {
  if (href.length === 0) return 'is empty';
  if (href !== href.trim()) return 'starts or ends with whitespace';
  const control = CONTROL.exec(href);
  if (control)
    return `contains the control character U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}, which browsers drop or reinterpret`;
  const decoded = decodeEntities(href);
  if (decoded !== href) {
    // Whoever puts the published text into HTML decodes entities: both readings must be the same link.
    const reason =
      decoded === decoded.trim() && !CONTROL.test(decoded)
        ? offSite(decoded)
        : 'hides whitespace or a control character in an HTML entity';
    if (reason) return `once its HTML entities are decoded, ${reason}`;
    if (kindAsParsed(decoded) !== kindAsParsed(href)) return 'means another link once its HTML entities are decoded';
  }
  return offSite(href);
}

/** For an href without controls or surrounding whitespace: a scheme we do not link to, or a path that leaves the site. */
function offSite(href: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') return parse(href)?.host ? undefined : 'is not a valid URL';
  if (scheme && scheme !== 'mailto' && scheme !== 'tel')
    return `uses the "${scheme}:" scheme; links may be ${SAFE_LINK_FORMS}`;
  // Browsers read "\" as "/" in http(s) URLs, so a leading backslash starts a path or a host too.
  if (!/^[/\\]/.test(href)) return undefined;
  const url = parse(href);
  if (!url) return 'is not a valid URL';
  return url.origin === BASE_ORIGIN
    ? undefined
    : `is read by browsers as a link to ${url.host} (a path starts with one /, never // or a \\)`;
}

/** The kind of a well-formed href (no controls, no surrounding whitespace, no safe-scheme disguise). */
function kindAsParsed(href: string): LinkKind {
  if (href.startsWith('#')) return 'anchor';
  if (/^(mailto|tel):/i.test(href)) return 'contact';
  if (/^www\./i.test(href)) return parse(`https://${href}`) ? 'external' : 'invalid';
  if (/^https?:/i.test(href)) return parse(href)?.host ? 'external' : 'invalid';
  if (href.startsWith('/')) return parse(href)?.origin === BASE_ORIGIN ? 'internal' : 'invalid';
  return 'invalid';
}

function parse(href: string): URL | undefined {
  try {
    return new URL(href, BASE);
  } catch {
    return undefined;
  }
}

/** Image sources: a path on this site or an https:// URL (never http://, which browsers block on https pages). */
export function isImageUrl(url: string): boolean {
  const kind = classifyHref(url);
  return kind === 'internal' || (kind === 'external' && /^https:\/\//i.test(url));
}
