import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUB_MENU_LISTS, type HeaderModel } from '../../resolver';
import { privateHeader, publicHeader } from '../__fixtures__/models';
import { Header } from './Header';

const header = (model: HeaderModel) => <Header model={model} onLogout={() => {}} onSwitchAccount={() => {}} />;

/** The header's server HTML, parsed as a page that runs no script would hold it. */
function serverDocument(model: HeaderModel): Document {
  return new DOMParser().parseFromString(`<body>${renderToString(header(model))}</body>`, 'text/html');
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the header without JavaScript (docs/rules.md#design-versions)', () => {
  it('puts every dropdown entry into its closed desktop panel and into the closed mobile accordion', () => {
    const doc = serverDocument(publicHeader);
    const panels = [...doc.querySelectorAll<HTMLElement>('[data-testid="submenu-panel"]')];
    const mobile = doc.querySelector<HTMLElement>('[data-testid="mobile-menu-panel"]')!;
    expect(panels.length).toBeGreaterThan(0);
    expect(panels.every((panel) => panel.hidden) && mobile.hidden).toBe(true);
    const hrefs = publicHeader.navItems
      .flatMap((item) => (item.subMenu ? SUB_MENU_LISTS.flatMap((list) => item.subMenu![list]) : []))
      .flatMap((entry) => ('link' in entry && entry.link ? [entry.link.href] : []));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) {
      expect(
        panels.some((panel) => panel.querySelector(`a[href="${href}"]`)),
        href,
      ).toBe(true);
      expect(mobile.querySelector(`a[href="${href}"]`), href).not.toBeNull();
    }
  });

  it('opens the mobile menu with a link to the panel (CSS shows it as the target) and closes it with a link to "#"', () => {
    const doc = serverDocument(publicHeader);
    const panel = doc.querySelector<HTMLElement>('[data-testid="mobile-menu-panel"]')!;
    const opens = doc.querySelector<HTMLAnchorElement>('[data-testid="mobile-menu-link"]')!;
    expect(opens.getAttribute('href')).toBe(`#${panel.id}`);
    expect(opens.getAttribute('aria-label')).toBe(publicHeader.strings.openMenu);
    expect(doc.querySelector(`a[aria-label="${publicHeader.strings.closeMenu}"]`)?.getAttribute('href')).toBe('#');
    // The script-driven button is there too; the stylesheet shows one or the other (mobile-menu-button.css).
    expect(doc.querySelector('[data-testid="mobile-menu-button"]')?.tagName).toBe('BUTTON');
  });

  it('hides the script-free links while script runs, and shows them only below lg without it', () => {
    const opens = document.createElement('a');
    opens.className = 'ps-menu-button ps-menu-button--no-script ps-menu-button--opens';
    document.body.append(opens);
    // jsdom applies no @media rules: what it computes is the page with script.
    expect(getComputedStyle(opens).display).toBe('none');
  });

  it('carries ps-root on the header, so the scoped reset reaches it in any host', () => {
    expect(serverDocument(publicHeader).querySelector('header')?.classList.contains('ps-root')).toBe(true);
  });

  for (const [name, model] of [
    ['visitor', publicHeader],
    ['customer', privateHeader],
  ] as const) {
    it(`${name}: hydrates the server HTML without a mismatch and without changing it`, async () => {
      const container = document.createElement('div');
      container.innerHTML = renderToString(header(model));
      document.body.append(container);
      const serverHtml = container.innerHTML;
      const errors = vi.spyOn(console, 'error');
      const recoverable = vi.fn();
      await act(async () => {
        hydrateRoot(container, header(model), { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(serverHtml);
    });
  }
});
