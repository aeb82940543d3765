import { SCENARIO_DEFAULTS, serializePreviewParams, type Persona } from '../../runtime/preview/preview-params';
import type { PageKind } from '../../runtime/resolver/context';

export const VIEWPORT_WIDTHS = [375, 768, 1280] as const;
export type ViewportWidth = (typeof VIEWPORT_WIDTHS)[number];

/**
 * The iframe's URL, in the /preview contract (docs/preview-url.md). The locale is always written, even the
 * default one, so the link names its document when shared or read in a test.
 */
export function previewSrc(locale: string, persona: Persona, page: PageKind): string {
  const params = new URLSearchParams(serializePreviewParams({ ...SCENARIO_DEFAULTS, locale: locale as typeof SCENARIO_DEFAULTS.locale, persona, page }));
  params.set('locale', locale);
  const ordered = new URLSearchParams([['locale', locale], ...[...params].filter(([key]) => key !== 'locale')]);
  return `/preview?${ordered.toString()}`;
}
