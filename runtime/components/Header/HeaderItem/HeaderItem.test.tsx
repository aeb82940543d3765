import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ResolvedMenuItem } from '../../../resolver';
import { link } from '../../__fixtures__/models';
import { renderWithShell } from '../../__fixtures__/render';
import { ComponentTypes } from './ComponentTypes';
import { HeaderItem } from './HeaderItem';

const base = { id: 'x', title: 'Fixed-rate bonds', link: link('/en-gb/bonds/') };

describe('HeaderItem dispatcher', () => {
  it('has exactly one component per menu item type of the schema', () => {
    expect(Object.keys(ComponentTypes).sort()).toEqual(['advanced', 'arrow', 'basic', 'image', 'text']);
  });

  it('renders a basic item as a link with its tag', () => {
    renderWithShell(<HeaderItem item={{ ...base, type: 'basic', icon: 'savings', tag: 'New' }} />);
    const anchor = screen.getByRole('link', { name: /Fixed-rate bonds/ });
    expect(anchor).toHaveAttribute('href', '/en-gb/bonds/');
    expect(anchor).toHaveTextContent('New');
  });

  it('renders an advanced item with its description inside the link', () => {
    renderWithShell(
      <HeaderItem item={{ ...base, type: 'advanced', description: 'Lock in a rate.', icon: 'fixed-deposit' }} />,
    );
    expect(screen.getByRole('link')).toHaveTextContent('Lock in a rate.');
  });

  it('renders a text item without any link', () => {
    renderWithShell(<HeaderItem item={{ id: 't', type: 'text', title: 'Protected', description: 'By the FSCS.' }} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('By the FSCS.')).toBeInTheDocument();
  });

  it('renders an image item with a decorative image inside its link', () => {
    const { container } = renderWithShell(
      <HeaderItem item={{ ...base, type: 'image', imageUrl: '/assets/teaser.svg' }} />,
    );
    expect(screen.getByRole('link', { name: 'Fixed-rate bonds' })).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('renders an arrow item as a link with the title as its name', () => {
    renderWithShell(<HeaderItem item={{ ...base, type: 'arrow' }} />);
    expect(screen.getByRole('link', { name: 'Fixed-rate bonds' })).toHaveAttribute('href', '/en-gb/bonds/');
  });

  it('marks the current page and external links', () => {
    renderWithShell(
      <>
        <HeaderItem item={{ ...base, type: 'basic', link: link('/en-gb/bonds/', { active: true }) }} />
        <HeaderItem
          item={{ ...base, id: 'y', title: 'Help', type: 'basic', link: link('https://help.example.com/') }}
        />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Fixed-rate bonds' })).toHaveAttribute('aria-current', 'page');
    const external = screen.getByRole('link', { name: 'Help' });
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).not.toHaveAttribute('aria-current');
  });

  it('throws a message naming an unknown type', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bogus = { ...base, type: 'mega' } as unknown as ResolvedMenuItem;
    expect(() => renderWithShell(<HeaderItem item={bogus} />)).toThrow(
      'No HeaderItem component found for type "mega".',
    );
  });
});
