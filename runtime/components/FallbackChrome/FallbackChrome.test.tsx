import { render, screen, within } from '@testing-library/react';
import { FallbackChrome } from './FallbackChrome';

describe('FallbackChrome', () => {
  it('has a header with only the logo, linking home, and a footer with a link home and the legal line', () => {
    render(
      <FallbackChrome language="de-DE" homeHref="/de-de/">
        <p>page</p>
      </FallbackChrome>,
    );
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link')).toHaveLength(1);
    expect(within(header).getByRole('link', { name: 'Depona – zur Startseite' })).toHaveAttribute('href', '/de-de/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/de-de/');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Depona`);
    expect(screen.getByRole('main')).toHaveTextContent('page');
    expect(screen.getByTestId('fallback-chrome')).toHaveAttribute('lang', 'de');
  });

  it('speaks English when the language is unknown or missing', () => {
    render(
      <FallbackChrome language="xx-YY" homeHref="/">
        <p>page</p>
      </FallbackChrome>,
    );
    expect(screen.getByRole('link', { name: 'Depona – go to the homepage' })).toBeInTheDocument();
    expect(screen.getByTestId('fallback-chrome')).toHaveAttribute('lang', 'en');
  });
});
