import type { Rule } from '../../schemas/generated/config-types';
import { effectiveRules, type IndexedItem } from './items';
import { problem, type AudienceProblem } from './problems';

/** The locale each language's siblings are compared with (docs/lint-matrix.md). */
export const REFERENCE_LOCALES: Readonly<Record<string, string>> = { en: 'en-GB', de: 'de-DE' };

/**
 * The sibling locales of each reference: market locales (`xx-YY`) with the same language prefix.
 * Plain `en` is no sibling: it carries only the country selector, corporate and login headers.
 */
export function siblingsOf(reference: string, localeIds: Iterable<string>): string[] {
  const language = reference.split('-')[0]!;
  return [...localeIds]
    .filter((id) => id !== reference && /^[a-z]{2}-[A-Z]{2}$/.test(id) && id.split('-')[0] === language)
    .sort();
}

/**
 * Whether a rule can hold in `locale` at all, looking only at its locale conditions (everything else is
 * unknown). Kleene logic: an item the reference gates to its own locale, e.g. `{"locale": ["de-DE"]}`, is not
 * expected in the siblings.
 */
export function canHoldInLocale(rule: Rule, locale: string): boolean | undefined {
  if (rule.locale !== undefined) return (rule.locale as readonly string[]).includes(locale);
  if (rule.all !== undefined) {
    const values = rule.all.map((r) => canHoldInLocale(r, locale));
    return values.includes(false) ? false : values.every((v) => v === true) ? true : undefined;
  }
  if (rule.any !== undefined) {
    const values = rule.any.map((r) => canHoldInLocale(r, locale));
    return values.includes(true) ? true : values.every((v) => v === false) ? false : undefined;
  }
  if (rule.not !== undefined) {
    const value = canHoldInLocale(rule.not, locale);
    return value === undefined ? undefined : !value;
  }
  return undefined;
}

/**
 * Items of the reference locale whose id the sibling lacks. A missing dropdown or column is reported once,
 * not once per entry. `referenceItems` and `siblingItems` are the items each locale shows, the account
 * menu included (a locale without one shows the en list).
 */
export function checkSibling(
  reference: string,
  referenceItems: readonly IndexedItem[],
  sibling: string,
  siblingItems: readonly IndexedItem[],
): AudienceProblem[] {
  const present = new Set(siblingItems.map((i) => i.id));
  const out: AudienceProblem[] = [];
  for (const item of referenceItems) {
    if (present.has(item.id)) continue;
    if (item.parent && !present.has(item.parent.id)) continue;
    if (effectiveRules(item).some((rule) => canHoldInLocale(rule, sibling) === false)) continue;
    out.push(
      problem('missing-in-sibling', {
        document: item.document,
        locale: sibling,
        pointer: item.pointer,
        message: `"${item.id}" (${item.location}) is in ${reference} but missing from ${sibling}`,
        hint: `add it to ${sibling}.json with a ${sibling} label, or, if ${sibling} should not have it, make it ${reference}-only with "visibility": {"locale": ["${reference}"]} (combined with any rule it has through "all")`,
      }),
    );
  }
  return out;
}
