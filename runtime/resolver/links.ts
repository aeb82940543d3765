import { classifyHref, isImageUrl } from '../../schemas/validator/link-safety';
import type { ResolvedLink } from './model';

export interface LinkOptions {
  basePath: string;
  /** Path plus hash of the current location. */
  currentPath: string;
  /** Footer links are lower-cased (docs/rules.md#links); header links keep case, since legacy hash routes are case-sensitive. */
  lowercase?: boolean;
}

/**
 * docs/rules.md#links: links not starting with http(s):// or www. get the locale base path; unsafe schemes
 * (javascript:, data:, vbscript:, however disguised) resolve to undefined and the item is dropped.
 */
export function resolveLink(href: string | undefined, options: LinkOptions): ResolvedLink | undefined {
  if (!href) return undefined;
  const kind = classifyHref(href);
  switch (kind) {
    case 'unsafe':
    case 'invalid':
      return undefined;
    case 'external':
      // A bare www. link would resolve relative to the page in an <a>; make it absolute.
      return { href: /^www\./i.test(href) ? `https://${href}` : href, external: true, active: false };
    case 'contact':
    case 'anchor':
      return { href, external: false, active: false };
    case 'internal': {
      const joined = joinBasePath(options.basePath, href);
      const final = options.lowercase ? joined.toLowerCase() : joined;
      return { href: final, external: false, active: isActive(final, options.currentPath) };
    }
  }
}

function joinBasePath(basePath: string, href: string): string {
  if (href === '/') return `${basePath}/`;
  if (href.toLowerCase().startsWith(`${basePath.toLowerCase()}/`)) return href;
  return `${basePath}${href}`;
}

/** docs/rules.md#links: active when path plus hash equals the current location, case-insensitively. */
export function isActive(href: string, currentPath: string): boolean {
  // Cheap length check first: this runs for every internal link on every render.
  return href.length === currentPath.length && href.toLowerCase() === currentPath.toLowerCase();
}

/**
 * An image source as the validator accepts it (a path on this site or https://), or undefined. The validator
 * refuses the rest before publishing; this keeps a file published before that rule, or customer data from the
 * API (a distributor's logo), from loading an image off-site (docs/config-format.md#links).
 */
export function imageSource(url: string | undefined): string | undefined {
  return url && isImageUrl(url) ? url : undefined;
}
