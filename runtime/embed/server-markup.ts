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
export function takeServerMarkup(host: HTMLElement, container: HTMLElement): boolean {
  const rendered = [...host.children].filter((child) => child.classList.contains('ps-root'));
  container.append(...rendered);
  return rendered.length > 0;
}
