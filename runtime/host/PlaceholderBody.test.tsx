import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONFIG_IDS } from '../../schemas/locale-registry';
import { PlaceholderBody } from './PlaceholderBody';

/** What a reader of each language expects the page's main region to be called. */
const EXPECTED: Record<string, string> = {
  de: 'Seiteninhalt',
  en: 'Page content',
  fr: 'Contenu de la page',
  es: 'Contenido de la página',
  nl: 'Pagina-inhoud',
  pl: 'Treść strony',
  fi: 'Sivun sisältö',
  it: 'Contenuto della pagina',
};

describe('PlaceholderBody', () => {
  it.each(CONFIG_IDS.map((id) => [id]))('names its region and caption in the language of %s', (locale) => {
    const expected = EXPECTED[locale.split('-')[0]!];
    expect(expected, `no expected name for ${locale}'s language: add it to EXPECTED`).toBeDefined();
    render(<PlaceholderBody page="dashboard" locale={locale} />);
    const region = screen.getByRole('region', { name: expected });
    expect(region).toHaveTextContent(`${expected}dashboard`);
  });

  it('falls back to English for a language the registry does not list', () => {
    render(<PlaceholderBody page="home" locale="pt-PT" />);
    expect(screen.getByRole('region')).toHaveAccessibleName('Page content');
  });
});
