import {
  ACTION_BAR_METRICS,
  actionBarLabelRoom,
  actionBarSpacing,
  actionBarTightestWidths,
} from '../../runtime/components/Header/action-bar-metrics';
import type { LocaleConfig } from '../../schemas/generated/config-types';
import type { IndexedItem } from './items';
import { problem, type AudienceProblem } from './problems';

/**
 * Overflow estimate at a 375 px wide phone (docs/lint-matrix.md). A label's width is estimated as
 * characters × font size × 0.5: the average advance of mixed-case Latin text in the system sans fonts
 * at weights 400–700 is about half an em (Arial Bold "Ouvrir un compte" ≈ 0.52 em, "Iniciar sesión" ≈ 0.46 em).
 * Each budget is the room left after the component's padding, icon and gaps, divided by that advance. The action
 * bar's labels never wrap, so its budget is worked out at its own tightest widths (320 and 375 px).
 */
export const AVERAGE_ADVANCE_EM = 0.5;

export type LabelLocation =
  'top-nav' | 'submenu' | 'action-bar' | 'account-menu' | 'footer-heading' | 'footer-link' | 'legal-link';

export interface LabelBudget {
  /** Where the label is shown at 375 px. */
  where: string;
  fontPx: number;
  /** Horizontal room for the label, and how it was worked out. */
  availablePx: number;
  arithmetic: string;
  /** The character budget: availablePx / (fontPx × AVERAGE_ADVANCE_EM), rounded down. */
  chars: number;
}

function budget(where: string, fontPx: number, availablePx: number, arithmetic: string): LabelBudget {
  return { where, fontPx, availablePx, arithmetic, chars: Math.floor(availablePx / (fontPx * AVERAGE_ADVANCE_EM)) };
}

/** Login and registration together, at the narrowest supported screen with the bar's small labels. */
function actionBarRowBudget(): LabelBudget {
  const { minViewportPx, buttonPaddingPx, buttonBorderPx } = ACTION_BAR_METRICS;
  const { fontPx, barPaddingPx, gapPx } = actionBarSpacing(minViewportPx);
  const arithmetic = `${minViewportPx} − 2×${barPaddingPx} padding − ${gapPx} gap − 2×(2×${buttonPaddingPx} button padding + 2×${buttonBorderPx} border)`;
  return budget(
    `login and registration together: the action bar at ${minViewportPx} px (${fontPx} px semibold, no wrapping)`,
    fontPx,
    actionBarLabelRoom(2, minViewportPx),
    arithmetic,
  );
}

export const LABEL_BUDGETS: Readonly<Record<LabelLocation, LabelBudget>> = {
  'top-nav': budget(
    'top-level nav label: a row of the mobile menu panel (18 px semibold)',
    18,
    319,
    '375 − 2×16 padding − 16 chevron − 8 gap',
  ),
  submenu: budget(
    'dropdown entry: the mobile menu accordion (16 px)',
    16,
    303,
    '375 − 2×8 list padding − 2×12 item padding − 20 icon − 12 gap',
  ),
  'action-bar': actionBarRowBudget(),
  'account-menu': budget(
    'avatar menu entry: the 360 px panel, capped at 100vw − 2rem (16 px)',
    16,
    269,
    '343 − 2 border − 2×8 list padding − 2×12 item padding − 20 icon − 12 gap',
  ),
  'footer-heading': budget(
    'footer column heading: the mobile accordion button (16 px bold)',
    16,
    319,
    '375 − 2×16 container padding − 16 chevron − 8 gap',
  ),
  'footer-link': budget(
    'footer link: inside an open mobile accordion (16 px)',
    16,
    343,
    '375 − 2×16 container padding',
  ),
  'legal-link': budget(
    'legal link: one entry of the wrapping legal row (14 px)',
    14,
    343,
    '375 − 2×16 container padding',
  ),
};

/**
 * Characters for the labels of n action buttons side by side: the bar's labels never wrap, so together they must
 * fit at each of its tightest widths (runtime/components/Header/action-bar-metrics.ts); the smallest count binds.
 */
export function actionBarBudget(buttons: number): number {
  return Math.min(
    ...actionBarTightestWidths().map(({ viewportPx, fontPx }) =>
      Math.floor(actionBarLabelRoom(buttons, viewportPx) / (fontPx * AVERAGE_ADVANCE_EM)),
    ),
  );
}

/** Characters as a reader counts them (code points, so "ö" is one). */
export const labelLength = (label: string) => [...label].length;

const LOCATION_OF_KIND: Partial<Record<IndexedItem['kind'], LabelLocation>> = {
  nav: 'top-nav',
  submenu: 'submenu',
  account: 'account-menu',
  'footer-column': 'footer-heading',
  'footer-link': 'footer-link',
  legal: 'legal-link',
};

/** Labels longer than their location's budget; action items are checked per bar (all labels of one header section). */
export function checkLabelOverflow(items: readonly IndexedItem[]): AudienceProblem[] {
  const out: AudienceProblem[] = [];
  const bars = new Map<string, IndexedItem[]>();
  for (const item of items) {
    if (item.kind === 'action') {
      const bar = item.pointer.replace(/\/\d+$/, '');
      bars.set(bar, [...(bars.get(bar) ?? []), item]);
      continue;
    }
    const location = LOCATION_OF_KIND[item.kind];
    if (!location) continue;
    const { chars, where } = LABEL_BUDGETS[location];
    const length = labelLength(item.title);
    if (length > chars)
      out.push(
        problem('label-overflow', {
          document: item.document,
          locale: item.document,
          pointer: `${item.pointer}/${item.kind === 'footer-column' ? 'heading' : 'title'}`,
          message: `"${item.title}" (${length} characters) may not fit on one line at 375 px: the ${where} has room for about ${chars}`,
          hint: 'shorten the label; docs/lint-matrix.md explains the budget',
        }),
      );
  }
  for (const [pointer, actions] of bars) {
    const total = actions.reduce((sum, a) => sum + labelLength(a.title), 0);
    const chars = actionBarBudget(actions.length);
    if (total > chars)
      out.push(
        problem('label-overflow', {
          document: actions[0]!.document,
          locale: actions[0]!.document,
          pointer,
          message: `the action bar labels ${actions.map((a) => `"${a.title}"`).join(' + ')} (${total} characters) may not fit on one line at ${ACTION_BAR_METRICS.minViewportPx} px: ${actions.length} button${actions.length === 1 ? '' : 's'} leave room for about ${chars}`,
          hint: 'shorten one of the labels; the buttons do not wrap',
        }),
      );
  }
  return out;
}

/** A label that is the same in every language: no letters, or an acronym such as FAQ, ETF or IBAN. */
export function isLanguageNeutral(label: string): boolean {
  const text = label.trim();
  return !/\p{L}/u.test(text) || /^[\p{Lu}\d&+./-]{2,6}$/u.test(text);
}

export interface EnglishReference {
  /** Item titles of the English reference configs by id (en-GB first, then en). */
  byId: ReadonlyMap<string, string>;
  /** en-GB item titles by kind and internal href, where one item has that href. */
  byHref: ReadonlyMap<string, string>;
  /** UI strings by `group/key`. */
  strings: ReadonlyMap<string, string>;
  locale: string;
}

const hrefKey = (item: IndexedItem) => `${item.kind} ${item.href}`;

export function englishReference(
  items: readonly IndexedItem[],
  fallbackItems: readonly IndexedItem[],
  config: LocaleConfig,
): EnglishReference {
  const byId = new Map<string, string>();
  for (const item of [...fallbackItems, ...items]) byId.set(item.id, item.title);
  const counts = new Map<string, number>();
  for (const item of items)
    if (item.href?.startsWith('/')) counts.set(hrefKey(item), (counts.get(hrefKey(item)) ?? 0) + 1);
  const byHref = new Map<string, string>();
  for (const item of items)
    if (item.href?.startsWith('/') && counts.get(hrefKey(item)) === 1) byHref.set(hrefKey(item), item.title);
  const strings = new Map<string, string>();
  for (const [group, texts] of Object.entries(config.strings))
    for (const [key, text] of Object.entries(texts as Record<string, string>)) strings.set(`${group}/${key}`, text);
  return { byId, byHref, strings, locale: config.locale };
}

/** Labels of a non-English locale that are identical to the English label of the same item (same id, else same link) or UI string. */
export function checkUntranslated(
  config: LocaleConfig,
  items: readonly IndexedItem[],
  english: EnglishReference,
): AudienceProblem[] {
  if (config.language === 'en') return [];
  const out: AudienceProblem[] = [];
  const flag = (pointer: string, label: string, what: string) =>
    out.push(
      problem('untranslated-label', {
        document: config.locale,
        locale: config.locale,
        pointer,
        message: `${what} "${label}" is the same as in ${english.locale}`,
        hint: `translate it for ${config.locale}, or ignore this if the English word is what ${config.locale} readers use`,
      }),
    );
  for (const item of items) {
    if (isLanguageNeutral(item.title)) continue;
    const en =
      english.byId.get(item.id) ?? (item.href?.startsWith('/') ? english.byHref.get(hrefKey(item)) : undefined);
    if (en === item.title)
      flag(
        `${item.pointer}/${item.kind === 'footer-column' ? 'heading' : 'title'}`,
        item.title,
        `label of "${item.id}"`,
      );
  }
  for (const [group, texts] of Object.entries(config.strings))
    for (const [key, text] of Object.entries(texts as Record<string, string>)) {
      if (isLanguageNeutral(text.replace(/\{\w+\}/g, ''))) continue;
      if (english.strings.get(`${group}/${key}`) === text)
        flag(`/strings/${group}/${key}`, text, `UI text strings.${group}.${key}`);
    }
  return out;
}
