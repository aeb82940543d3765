/**
 * Link classification shared by the validator (to reject) and the runtime (to drop at render time).
 * Browsers ignore ASCII whitespace and control characters inside a scheme and decode HTML entities
 * in attributes, so "java\tscript:", "&#106;avascript:" and "JaVaScRiPt:" all execute. We normalise
 * the same way before looking at the scheme.
 */
export type LinkKind = 'internal' | 'anchor' | 'external' | 'contact' | 'unsafe' | 'invalid';

const UNSAFE_SCHEMES = ['javascript:', 'data:', 'vbscript:'] as const;

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  nbsp: ' ',
  amp: '&',
  sol: '/',
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
  // eslint-disable-next-line no-control-regex
  return decodeEntities(href).replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g, '').toLowerCase();
}

export function unsafeScheme(href: string): string | undefined {
  const normalised = normaliseForSchemeCheck(href);
  return UNSAFE_SCHEMES.find((scheme) => normalised.startsWith(scheme));
}

/** Prefixes that cannot hide a scheme: checked first because the resolver classifies every link on every render. */
// eslint-disable-next-line no-control-regex -- the point is to reject control characters
const PLAINLY_SAFE = /^(\/(?![/\\])|#|https?:\/\/|mailto:|tel:|www\.)[^\u0000-\u001f&]*$/i;

export function classifyHref(href: string): LinkKind {
  if (!PLAINLY_SAFE.test(href) && unsafeScheme(href)) return 'unsafe';
  if (href !== href.trim() || href.length === 0) return 'invalid';
  if (/^https?:\/\//i.test(href) || /^www\./i.test(href)) return 'external';
  if (/^(mailto|tel):/i.test(href)) return 'contact';
  if (href.startsWith('#')) return 'anchor';
  if (href.startsWith('//')) return 'invalid';
  if (href.startsWith('/')) return 'internal';
  return 'invalid';
}
