import { describe, expect, it } from 'vitest';
import {
  compactIban,
  fillTemplate,
  formatAccountNumber,
  formatMoney,
  formatNumber,
  initials,
  isValidIban,
  reviewBucket,
  reviewStars,
} from './display';

const NBSP = '\u00a0';

describe('reviewStars: nearest half star, 0–5', () => {
  it.each([
    [undefined, 0],
    [0, 0],
    [Number.NaN, 0],
    [-1, 0],
    [0.2, 0],
    [0.25, 0.5],
    [0.74, 0.5],
    [0.75, 1],
    [1, 1],
    [2.3, 2.5],
    [3.24, 3],
    [3.25, 3.5],
    [4.2, 4],
    [4.4, 4.5],
    [4.6, 4.5],
    [4.74, 4.5],
    [4.75, 5],
    [5, 5],
    [6, 5],
  ])('%s → %s stars', (score, stars) => {
    expect(reviewStars(score)).toBe(stars);
  });

  it('always lands on a half step between 0 and 5', () => {
    for (let score = 0; score <= 5; score += 0.01) {
      const stars = reviewStars(score);
      expect(stars * 2).toBe(Math.trunc(stars * 2));
      expect(stars).toBeGreaterThanOrEqual(0);
      expect(stars).toBeLessThanOrEqual(5);
    }
  });
});

describe('reviewBucket: 1 up to 1.7, 2 up to 2.7, 3 up to 3.7, 4 up to 4.2, else 5; 0 without a score', () => {
  it.each([
    [undefined, 0],
    [0, 0],
    [Number.NaN, 0],
    [0.1, 1],
    [1, 1],
    [1.7, 1],
    [1.71, 2],
    [2.7, 2],
    [2.71, 3],
    [3.7, 3],
    [3.71, 4],
    [4.2, 4],
    [4.21, 5],
    [4.6, 5],
    [5, 5],
  ])('%s → bucket %s', (score, bucket) => {
    expect(reviewBucket(score)).toBe(bucket);
  });
});

describe('initials: first letters of the first and last word', () => {
  it.each([
    ['Anna Schmidt', 'AS'],
    ['anna maria schmidt', 'AS'],
    ['  Anna   Schmidt  ', 'AS'],
    ['Anna', 'A'],
    ['Özlem Çelik', 'ÖÇ'],
    ['Müller Logistik GmbH', 'MG'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('account numbers: grouped IBAN when valid, compact copy', () => {
  it.each([
    ['DE89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
    ['de89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00'],
    ['GB29NWBK60161331926819', 'GB29 NWBK 6016 1331 9268 19'],
    ['AT611904300234573201', 'AT61 1904 3002 3457 3201'],
    ['NL91ABNA0417164300', 'NL91 ABNA 0417 1643 00'],
    ['FR1420041010050500013M02606', 'FR14 2004 1010 0505 0001 3M02 606'],
  ])('valid %s → %s, copied compact', (iban, display) => {
    expect(isValidIban(iban)).toBe(true);
    expect(formatAccountNumber(iban)).toEqual({ display, copyValue: display.replace(/ /g, '') });
  });

  it.each([
    ['DE00370400440532013000', 'wrong check digits'],
    ['DE8937040044053201300', 'one digit short'],
    ['0532013000', 'plain account number'],
    ['12 3456 78', 'spaced national number'],
    ['', 'empty'],
  ])('invalid %j (%s) is shown as given', (value) => {
    expect(isValidIban(value)).toBe(false);
    expect(formatAccountNumber(value)).toEqual({ display: value, copyValue: value.replace(/\s+/g, '') });
  });

  it('compactIban strips spaces and upper-cases', () => {
    expect(compactIban(' de89 3704\t0044 ')).toBe('DE8937040044');
  });
});

describe('formatMoney: Intl currency, EUR default, at most 2 fraction digits', () => {
  it.each([
    [1234.56, 'de-DE', undefined, `1.234,56${NBSP}€`],
    [1234.56, 'en-GB', undefined, '€1,234.56'],
    [1234.56, 'en-GB', 'GBP', '£1,234.56'],
    [1234.5, 'en-US', 'USD', '$1,234.50'],
    [1234.5678, 'de-DE', 'EUR', `1.234,57${NBSP}€`],
    [0.005, 'de-DE', 'EUR', `0,01${NBSP}€`],
    [0, 'de-DE', 'EUR', `0,00${NBSP}€`],
    [-50, 'de-DE', 'EUR', `-50,00${NBSP}€`],
    [1234.56, 'nl-NL', 'EUR', `€${NBSP}1.234,56`],
  ])('%s in %s (%s) → %j', (amount, locale, currency, expected) => {
    expect(formatMoney(amount, locale, currency)).toBe(expected);
  });

  it('never shows more than two fraction digits', () => {
    for (const locale of ['de-DE', 'en-GB', 'fr-FR', 'it-IT', 'pl-PL', 'de-CH']) {
      const formatted = formatMoney(1.23456, locale);
      expect(formatted).toMatch(/1[.,]23(?!\d)/);
    }
  });

  it('uses the currency symbol or code of the currency given', () => {
    expect(formatMoney(10, 'de-CH', 'CHF')).toContain('CHF');
    expect(formatMoney(10, 'pl-PL', 'PLN')).toContain('zł');
  });
});

describe('small helpers', () => {
  it('formatNumber uses the locale separators', () => {
    expect(formatNumber(12480, 'de-DE')).toBe('12.480');
    expect(formatNumber(4.6, 'de-DE', 1)).toBe('4,6');
    expect(formatNumber(4.6, 'en-GB', 1)).toBe('4.6');
  });

  it('fillTemplate fills known placeholders and leaves unknown ones visible', () => {
    expect(fillTemplate('© {year} Depona {unknown}', { year: 2031 })).toBe('© 2031 Depona {unknown}');
  });
});
