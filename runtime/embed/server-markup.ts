/**
 * The markup contract for server-rendered elements (docs/embedding.md#server-rendered-html): a host that
 * includes the prerendered fragment puts it inside the element,
 *
 *   <portal-header locale="de-DE" page="home"><header class="ps-root ps-header">…</header></portal-header>
 *
 * so it shows before the script runs (styled by the fragment's stylesheet in the host page). When the element
 * starts, its top-level `.ps-root` children move into the shadow root and React hydrates them there instead of
 * rendering again. Anything else in the light DOM (a no-JavaScript fallback link, whitespace) stays where it
 * is, and is not displayed, since the shadow root has no slot.
 */
import type { LocaleConfig } from '../../schemas/generated/config-types';
import { isActive, PAGES } from '../resolver';
import type { ElementSettings } from './attributes';

export function takeServerMarkup(host: HTMLElement, container: HTMLElement): boolean {
  const rendered = [...host.children].filter((child) => child.classList.contains('ps-root'));
  container.append(...rendered);
  return rendered.length > 0;
}

/** The page kind every fragment is rendered for (docs/rendering.md#fragments). */
const FRAGMENT_PAGE = 'home';

/**
 * Whether the element renders what a published fragment shows: the visitor chrome of the locale's home page,
 * at that page's path, with the flags' defaults (docs/rendering.md#fragments). Only then may it hydrate the
 * fragment: React keeps a hydrated element's attributes as the server wrote them, so hydrating a fragment
 * for another page or path would leave, for instance, the home page's `aria-current` on the logo for good.
 * A visitor's header is meant here; a signed-in customer's first render is a visitor's too
 * (runtime/package/use-portal-identity.ts), and the customer's header follows as an update.
 */
export function rendersFragment(settings: ElementSettings, config: LocaleConfig, currentPath: string): boolean {
  return (
    settings.page === FRAGMENT_PAGE &&
    settings.flags === undefined &&
    isActive(`${config.basePath}${PAGES[FRAGMENT_PAGE].path}`, currentPath)
  );
}
