/** Display values (docs/rules.md#display-formats): pure functions, each with its own tests. */

/** Review score to the nearest half star, clamped to 0–5. */
export function reviewStars(score: number | undefined): number {
  if (!score || !Number.isFinite(score)) return 0;
  return Math.min(5, Math.max(0, Math.round(score * 2) / 2));
}

/** Text bucket: 1 up to 1.7, 2 up to 2.7, 3 up to 3.7, 4 up to 4.2, else 5; 0 without a score. */
export function reviewBucket(score: number | undefined): 0 | 1 | 2 | 3 | 4 | 5 {
  if (!score || !Number.isFinite(score) || score <= 0) return 0;
  if (score <= 1.7) return 1;
  if (score <= 2.7) return 2;
  if (score <= 3.7) return 3;
  if (score <= 4.2) return 4;
  return 5;
}

/** First letters of the first and last word. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

export function compactIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 13616: two letters, two check digits, up to 30 alphanumerics, mod 97 = 1. */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** Grouped in blocks of four when valid; otherwise shown as given, so nothing is hidden from the customer. */
export function formatAccountNumber(value: string): { display: string; copyValue: string } {
  if (isValidIban(value)) {
    const compact = compactIban(value);
    return { display: compact.replace(/(.{4})(?=.)/g, '$1 '), copyValue: compact };
  }
  return { display: value, copyValue: value.replace(/\s+/g, '') };
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** Currency with symbol, at most 2 fraction digits, in the locale's format. EUR unless told otherwise. */
export function formatMoney(amount: number, locale: string, currency = 'EUR'): string {
  const key = `${locale}|${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 });
    currencyFormats.set(key, format);
  }
  return format.format(amount);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, locale: string, fractionDigits = 0): string {
  const key = `${locale}|${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** Replaces {name} placeholders; unknown placeholders stay visible so a content bug is seen, not hidden. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
