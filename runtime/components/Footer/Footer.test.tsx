import { readFileSync } from 'node:fs';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FooterModel } from '../../resolver';
import { footerModel, publicShell } from '../__fixtures__/models';
import { renderWithShell } from '../__fixtures__/render';
import { Shell } from '../Shell';
import { Footer } from './Footer';
import type { FooterLinkTap } from './footer-tap';

function renderFooter(overrides: Partial<FooterModel> = {}) {
  const handlers = {
    onOpenConsentSettings: vi.fn(),
    onChooseMarket: vi.fn(),
    onFooterLinkTap: vi.fn<(tap: FooterLinkTap) => void>(),
  };
  renderWithShell(<Footer model={{ ...footerModel, ...overrides }} closeLabel="Close menu" {...handlers} />);
  return { handlers, user: userEvent.setup() };
}

const slotOrder = () =>
  Array.from(screen.getByRole('contentinfo').querySelectorAll('[data-slot]')).map((slot) =>
    slot.getAttribute('data-slot'),
  );

describe('Footer', () => {
  it('is the contentinfo landmark with every part in reading order', () => {
    renderFooter();
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
    expect(slotOrder()).toEqual([
      'review',
      'contact',
      'columns',
      'appBanner',
      'social',
      'marketPicker',
      'copyright',
      'legal',
      'credits',
      'disclaimer',
    ]);
  });

  it('renders layout v1 and v2 as different arrangements of the same parts', () => {
    const slot = (name: string) => screen.getByRole('contentinfo').querySelector(`[data-slot="${name}"]`);
    const siblings = (a: string, b: string) => slot(a)?.parentElement === slot(b)?.parentElement;

    renderFooter({ layout: 'v1' });
    expect(screen.getByRole('contentinfo')).toHaveAttribute('data-footer-layout', 'v1');
    expect(screen.getByRole('contentinfo')).toHaveAttribute('data-tone', 'dark');
    const v1Slots = slotOrder();
    // v1: app banner, social and picker stacked in one side column; copyright beside legal links.
    expect(siblings('appBanner', 'social')).toBe(true);
    expect(siblings('social', 'marketPicker')).toBe(true);
    expect(siblings('copyright', 'legal')).toBe(true);
    expect(siblings('legal', 'credits')).toBe(false);
    document.body.innerHTML = '';

    renderFooter({ layout: 'v2' });
    expect(screen.getByRole('contentinfo')).toHaveAttribute('data-footer-layout', 'v2');
    expect(screen.getByRole('contentinfo')).toHaveAttribute('data-tone', 'light');
    expect(slotOrder()).toEqual(v1Slots);
    // v2: full-width app banner on its own, social and picker on one row, one centred bottom block.
    expect(siblings('appBanner', 'social')).toBe(false);
    expect(siblings('social', 'marketPicker')).toBe(true);
    expect(siblings('legal', 'credits')).toBe(true);
  });

  it('leaves out parts the model does not have', () => {
    renderFooter({
      review: undefined,
      usContact: undefined,
      mobileBanner: undefined,
      marketPicker: undefined,
      credits: [],
      disclaimerHtml: undefined,
    });
    expect(slotOrder()).toEqual(['columns', 'social', 'copyright', 'legal']);
  });

  it('hides the link columns when the model says so', () => {
    renderFooter({ columnsHidden: true });
    expect(screen.queryByTestId('footer-columns')).toBeNull();
  });

  it('renders stars in half steps next to the review text, linking to the review site', () => {
    renderFooter();
    const strip = screen.getByTestId('review-strip');
    expect(strip).toHaveAttribute('href', 'https://uk.trustpilot.com/review/x');
    expect(strip).toHaveAccessibleName('4.4 out of 5 · 8,930 reviews');
    const fills = Array.from(strip.querySelectorAll('svg[data-fill]')).map((star) => star.getAttribute('data-fill'));
    expect(fills).toEqual(['full', 'full', 'full', 'full', 'half']);
  });

  it('renders the US contact strip with mail and call links', () => {
    renderFooter();
    const contact = within(screen.getByTestId('us-contact'));
    expect(contact.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(contact.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', 'tel:+18005550100');
    expect(contact.getByText('Mon–Fri 9am–5pm ET')).toBeInTheDocument();
  });

  it('names every social icon link by its account', () => {
    renderFooter();
    const social = within(screen.getByTestId('social-links'));
    for (const account of ['Facebook', 'LinkedIn', 'Twitter', 'Youtube', 'Instagram']) {
      expect(social.getByRole('link', { name: account })).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(social.getByText('Follow us')).toBeInTheDocument();
  });

  it('shows the app banner with both store badges', () => {
    renderFooter();
    const banner = within(screen.getByTestId('app-banner'));
    expect(banner.getByRole('link', { name: 'Download the app App Store' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/x',
    );
    expect(banner.getByRole('link', { name: 'Download the app Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/x',
    );
  });

  it('renders copyright, credits and the sanitised disclaimer', async () => {
    renderFooter();
    expect(screen.getByTestId('copyright')).toHaveTextContent('© 2025 Depona UK Ltd. All rights reserved.');
    expect(within(screen.getByTestId('credits')).getByRole('link', { name: 'FSCS protected' })).toHaveAttribute(
      'href',
      'https://www.fscs.org.uk/',
    );
    const disclaimer = screen.getByTestId('disclaimer');
    expect(await within(disclaimer).findByRole('link', { name: 'Details' })).toBeInTheDocument();
    expect(disclaimer.querySelector('script')).toBeNull();
    expect(disclaimer.querySelector('p')?.getAttribute('style')).toBe('text-align: center');
    expect(within(disclaimer).getByRole('link', { name: 'Details' })).toHaveAttribute('target', '_blank');
  });
});

describe('Footer legal links', () => {
  it('opens the consent manager instead of navigating for the consent-settings link', () => {
    const { handlers } = renderFooter();
    const consent = screen.getByRole('link', { name: 'Cookie settings' });
    expect(consent).toHaveAttribute('href', '#consent-settings');
    const notPrevented = fireEvent.click(consent);
    expect(notPrevented).toBe(false);
    expect(handlers.onOpenConsentSettings).toHaveBeenCalledTimes(1);
  });

  it('lets ordinary legal links navigate', () => {
    const { handlers } = renderFooter();
    const privacy = screen.getByRole('link', { name: 'Privacy notice' });
    expect(fireEvent.click(privacy)).toBe(true);
    expect(handlers.onOpenConsentSettings).not.toHaveBeenCalled();
  });

  it('also intercepts a consent-settings link placed in a link column', () => {
    const { handlers } = renderFooter({
      columns: [
        {
          id: 'help',
          heading: 'Help',
          links: [
            {
              id: 'c',
              title: 'Privacy settings',
              link: { href: '#consent-settings', external: false, active: false },
              action: 'consent-settings',
            },
          ],
        },
      ],
    });
    fireEvent.click(screen.getByRole('link', { name: 'Privacy settings', hidden: true }));
    expect(handlers.onOpenConsentSettings).toHaveBeenCalledTimes(1);
  });
});

describe('Footer link columns on small screens', () => {
  // Components import no CSS (docs/architecture.md#styling): the accordion's hiding is its stylesheet's, so the page's
  // rules are loaded here (Vitest runs from the repository root). jsdom applies no @media rules, so what it shows is the small-screen layout.
  let sheet: HTMLStyleElement;
  beforeEach(() => {
    sheet = document.createElement('style');
    sheet.textContent = readFileSync('runtime/components/Footer/footer-columns.css', 'utf8');
    document.head.append(sheet);
  });
  afterEach(() => sheet.remove());

  it('are accordions: a button with aria-expanded toggles its list', async () => {
    const { user } = renderFooter();
    const button = screen.getByRole('button', { name: 'Savings accounts' });
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveAttribute('data-state', 'closed');
    expect(list).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    expect(within(list!).getByRole('link', { name: 'Fixed-rate bonds' })).toHaveAttribute(
      'href',
      '/en-gb/fixed-rate-bonds/',
    );
    // Sections open independently.
    await user.click(screen.getByRole('button', { name: 'Company' }));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
  });
});

describe('Footer link taps', () => {
  // jsdom cannot navigate; cancel the default on window, after the footer's own (root) handlers ran,
  // and remember whether the footer had cancelled it itself.
  let preventedByFooter: boolean[] = [];
  const cancelNavigation = (event: Event) => {
    preventedByFooter.push(event.defaultPrevented);
    event.preventDefault();
  };
  beforeEach(() => (preventedByFooter = []));
  beforeEach(() => window.addEventListener('click', cancelNavigation));
  afterEach(() => window.removeEventListener('click', cancelNavigation));

  const taps = (handlers: ReturnType<typeof renderFooter>['handlers']) =>
    handlers.onFooterLinkTap.mock.calls.map(([tap]) => tap);

  it('reports a tap for every kind of footer link, with its target, text and section', () => {
    const { handlers } = renderFooter();
    const footer = within(screen.getByRole('contentinfo'));
    fireEvent.click(screen.getByTestId('review-strip'));
    fireEvent.click(footer.getByRole('link', { name: 'Email us' }));
    fireEvent.click(footer.getByRole('link', { name: 'Call us' }));
    fireEvent.click(footer.getByRole('link', { name: 'Fixed-rate bonds', hidden: true }));
    fireEvent.click(footer.getByRole('link', { name: 'Download the app Google Play' }));
    fireEvent.click(footer.getByRole('link', { name: 'LinkedIn' }));
    fireEvent.click(footer.getByRole('link', { name: 'Privacy notice' }));
    fireEvent.click(footer.getByRole('link', { name: 'FSCS protected' }));
    expect(taps(handlers)).toEqual([
      { href: 'https://uk.trustpilot.com/review/x', label: '4.4 out of 5 · 8,930 reviews', section: 'review' },
      { href: 'mailto:help@example.com', label: 'Email us', section: 'contact' },
      { href: 'tel:+18005550100', label: 'Call us', section: 'contact' },
      { href: '/en-gb/fixed-rate-bonds/', label: 'Fixed-rate bonds', section: 'column:savings' },
      { href: 'https://play.google.com/x', label: 'Google Play', section: 'app-banner' },
      { href: 'https://www.linkedin.com/x', label: 'LinkedIn', section: 'social' },
      { href: '/en-gb/privacy-notice/', label: 'Privacy notice', section: 'legal' },
      { href: 'https://www.fscs.org.uk/', label: 'FSCS protected', section: 'credits' },
    ]);
  });

  it('does not change what a link does: it still navigates, and the consent link still opens the settings', () => {
    const { handlers } = renderFooter();
    const privacy = screen.getByRole('link', { name: 'Privacy notice' });
    fireEvent.click(privacy);
    fireEvent.click(screen.getByRole('link', { name: 'Cookie settings' }));
    expect(preventedByFooter).toEqual([false, true]);
    expect(handlers.onOpenConsentSettings).toHaveBeenCalledTimes(1);
    expect(taps(handlers)).toEqual([
      { href: '/en-gb/privacy-notice/', label: 'Privacy notice', section: 'legal' },
      { href: '#consent-settings', label: 'Cookie settings', section: 'legal' },
    ]);
  });

  it('counts keyboard activation, modifier clicks and middle-clicks, not right-clicks', async () => {
    const { handlers, user } = renderFooter();
    const about = screen.getByRole('link', { name: 'About us', hidden: true });
    const privacy = screen.getByRole('link', { name: 'Privacy notice' });
    privacy.focus();
    await user.keyboard('{Enter}');
    fireEvent.click(about, { ctrlKey: true });
    fireEvent(about, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    fireEvent(about, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    expect(taps(handlers).map((tap) => tap.label)).toEqual(['Privacy notice', 'About us', 'About us']);
    // A ctrl-click on the consent link is a tap but opens a new tab instead of the settings.
    fireEvent.click(screen.getByRole('link', { name: 'Cookie settings' }), { ctrlKey: true });
    expect(handlers.onOpenConsentSettings).not.toHaveBeenCalled();
    expect(taps(handlers)).toHaveLength(4);
  });

  it('works without a tap handler', () => {
    renderWithShell(<Footer model={footerModel} onOpenConsentSettings={vi.fn()} onChooseMarket={vi.fn()} />);
    expect(() => fireEvent.click(screen.getByRole('link', { name: 'Privacy notice' }))).not.toThrow();
  });

  it('reaches the Shell handler onFooterLinkTap', () => {
    const onFooterLinkTap = vi.fn();
    renderWithShell(
      <Shell
        model={publicShell}
        handlers={{
          onLogout: vi.fn(),
          onOpenConsentSettings: vi.fn(),
          onChooseMarket: vi.fn(),
          onSwitchAccount: vi.fn(),
          onFooterLinkTap,
        }}
      >
        <p>Body</p>
      </Shell>,
    );
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Instagram' }));
    expect(onFooterLinkTap).toHaveBeenCalledWith({
      href: 'https://www.instagram.com/x',
      label: 'Instagram',
      section: 'social',
    });
  });
});
