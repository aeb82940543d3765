/**
 * The cross-locale table's model (docs/editor-cross-locale.md): one item id looked up in every locale draft,
 * flagged with the audience lint's own checks (label budget at 375 px, untranslated label), and the table's
 * edits turned back into one changed draft per locale. Pure: no React, no I/O.
 */
import { indexConfig, type IndexedItem } from '../analysis/items';
import { checkLabelOverflow, checkUntranslated, englishReference, type EnglishReference } from '../analysis/labels';
import { REFERENCE_LOCALES } from '../analysis/siblings';
import type { LocaleConfig, Rule } from '../../schemas/generated/config-types';
import { getIn, pointerToSegments, segmentsToPath, setIn } from '../store/json-path';
import { applyValueAtPath } from '../store/text-edit';

/** One locale's draft as the table loaded it: the If-Match of its save is `etag`. */
export interface LocaleDraft {
  id: string;
  text: string;
  etag: string;
  version: number;
  /** The parsed text. */
  content: unknown;
}

/** A row's source: the draft, or why there is none (not readable, damaged, not a locale config). */
export type LocaleSource = { id: string; draft: LocaleDraft } | { id: string; error: string };

/** The table's edits: locale → field pointer (label or href) → the text typed. */
export type Edits = Readonly<Record<string, Readonly<Record<string, string>>>>;

export type FlagCode = 'missing' | 'untranslated' | 'too-long';

export const FLAG_LABELS = {
  missing: 'Missing',
  untranslated: 'Untranslated',
  'too-long': 'Too long at 375 px',
} as const satisfies Record<FlagCode, string>;

export interface CellFlag {
  code: FlagCode;
  /** The check's own sentence: what is wrong and where. */
  message: string;
}

export interface EditableField {
  /** RFC 6901 pointer of the field in the locale draft: the key of its edit and its deep link. */
  pointer: string;
  /** The value in the loaded draft. */
  saved: string;
  /** What the table shows: the edit, or the saved value. */
  value: string;
  edited: boolean;
}

export type ItemRow =
  | {
      state: 'present';
      locale: string;
      itemId: string;
      /** Where the item sits, in words (`header.public › Sparen`). */
      location: string;
      /** The item's own pointer: the deep link of the rule cell when it has no rule. */
      pointer: string;
      label: EditableField;
      /** Absent for items without a link (a text entry, a dropdown, a footer column). */
      href?: EditableField;
      rule?: Rule;
      rulePointer?: string;
      flags: CellFlag[];
    }
  | { state: 'missing'; locale: string; itemId: string; flags: CellFlag[] }
  | { state: 'unavailable'; locale: string; itemId: string; reason: string };

/** A locale config read from a draft: its items, or why they cannot be listed. */
interface ReadLocale {
  id: string;
  config?: LocaleConfig;
  items?: IndexedItem[];
  error?: string;
}

/** Where an item's label is stored: footer columns have a heading, everything else a title. */
export const labelKey = (item: Pick<IndexedItem, 'kind'>): 'heading' | 'title' =>
  item.kind === 'footer-column' ? 'heading' : 'title';

const toPath = (pointer: string, root: unknown) => segmentsToPath(pointerToSegments(pointer), root);

/** The draft's content with this locale's edits applied (the checks look at what the table shows). */
export function editedContent(content: unknown, edits: Readonly<Record<string, string>> | undefined): unknown {
  let value = content;
  for (const [pointer, text] of Object.entries(edits ?? {})) {
    const path = toPath(pointer, value);
    if (getIn(value, path) === undefined) continue;
    value = setIn(value, path, text);
  }
  return value;
}

function readLocale(source: LocaleSource, edits: Edits): ReadLocale {
  if ('error' in source) return { id: source.id, error: source.error };
  const config = editedContent(source.draft.content, edits[source.id]) as LocaleConfig;
  try {
    return { id: source.id, config, items: indexConfig(config) };
  } catch {
    // indexConfig walks the schema's required parts; a draft without them is not a locale config yet.
    return {
      id: source.id,
      error: `the ${source.id} draft is not a complete locale config (it has schema problems); open it to fix them`,
    };
  }
}

/** The English labels untranslated ones are compared with: the audience lint's reference (en-GB, then en). */
function englishOf(locales: readonly ReadLocale[]): EnglishReference | undefined {
  const byId = new Map(locales.map((l) => [l.id, l]));
  const reference = byId.get(REFERENCE_LOCALES.en!)?.config ? byId.get(REFERENCE_LOCALES.en!) : byId.get('en');
  if (!reference?.config || !reference.items) return undefined;
  const fallback = reference.id === 'en' ? [] : (byId.get('en')?.items ?? []);
  return englishReference(reference.items, fallback, reference.config);
}

/** The locale that untranslated labels are compared with, for the page to say so. */
export function englishReferenceLocale(sources: readonly LocaleSource[]): string | undefined {
  const usable = (id: string) => sources.some((s) => s.id === id && 'draft' in s);
  return usable(REFERENCE_LOCALES.en!) ? REFERENCE_LOCALES.en : usable('en') ? 'en' : undefined;
}

function field(pointer: string, saved: string, edits: Readonly<Record<string, string>> | undefined): EditableField {
  const edit = edits?.[pointer];
  return { pointer, saved, value: edit ?? saved, edited: edit !== undefined && edit !== saved };
}

/**
 * The rows of the table: for each item id, one row per locale in `sources` order (the registry's), with the
 * label, link and rule as the table shows them (edits applied) and the flags of those values.
 */
export function collectRows(
  sources: readonly LocaleSource[],
  itemIds: readonly string[],
  edits: Edits,
): Map<string, ItemRow[]> {
  const locales = sources.map((source) => readLocale(source, edits));
  const english = englishOf(locales);
  const originals = new Map(sources.map((s) => [s.id, 'draft' in s ? s.draft.content : undefined]));
  const out = new Map<string, ItemRow[]>();
  for (const itemId of itemIds) {
    out.set(
      itemId,
      locales.map((locale): ItemRow => {
        if (!locale.config || !locale.items)
          return { state: 'unavailable', locale: locale.id, itemId, reason: locale.error ?? 'not loaded' };
        const item = locale.items.find((i) => i.id === itemId);
        if (!item)
          return {
            state: 'missing',
            locale: locale.id,
            itemId,
            flags: [{ code: 'missing', message: `${locale.id} has no item with the id "${itemId}"` }],
          };
        const own = edits[locale.id];
        const original = originals.get(locale.id);
        const labelPointer = `${item.pointer}/${labelKey(item)}`;
        const hrefPointer = `${item.pointer}/href`;
        const savedText = (pointer: string) => {
          const value = getIn(original, toPath(pointer, original));
          return typeof value === 'string' ? value : '';
        };
        return {
          state: 'present',
          locale: locale.id,
          itemId,
          location: item.location,
          pointer: item.pointer,
          label: field(labelPointer, savedText(labelPointer), own),
          ...(item.href !== undefined ? { href: field(hrefPointer, savedText(hrefPointer), own) } : {}),
          ...(item.rule ? { rule: item.rule, rulePointer: `${item.pointer}/visibility` } : {}),
          flags: itemFlags(locale.config, locale.items, item, english),
        };
      }),
    );
  }
  return out;
}

/** The audience lint's checks (docs/lint-matrix.md), narrowed to this item's label. */
function itemFlags(
  config: LocaleConfig,
  items: readonly IndexedItem[],
  item: IndexedItem,
  english: EnglishReference | undefined,
): CellFlag[] {
  const labelPointer = `${item.pointer}/${labelKey(item)}`;
  // Action items share one budget per bar: the check reports the bar (`…/actionItems`), not the label.
  const bar = item.kind === 'action' ? item.pointer.replace(/\/\d+$/, '') : undefined;
  const flags: CellFlag[] = [];
  for (const p of checkLabelOverflow(
    item.kind === 'action' ? items.filter((i) => i.kind === 'action' && i.pointer.startsWith(`${bar}/`)) : [item],
  ))
    if (p.pointer === labelPointer || p.pointer === bar) flags.push({ code: 'too-long', message: p.message });
  if (english)
    for (const p of checkUntranslated(config, [item], english))
      if (p.pointer === labelPointer) flags.push({ code: 'untranslated', message: p.message });
  return flags;
}

/** `in 3 of 13 locales · 10 missing · 1 untranslated`: an item's counts over its rows, zero counts left out. */
export function groupSummary(rows: readonly ItemRow[]): string {
  const present = rows.filter((r) => r.state === 'present').length;
  const flagged = (code: FlagCode) =>
    rows.filter((r) => r.state !== 'unavailable' && r.flags.some((f) => f.code === code)).length;
  const unavailable = rows.filter((r) => r.state === 'unavailable').length;
  const counts = (Object.keys(FLAG_LABELS) as FlagCode[])
    .map((code) => [code, flagged(code)] as const)
    .filter(([, n]) => n > 0);
  return [
    `in ${present} of ${rows.length} locales`,
    ...counts.map(([code, n]) => `${n} ${FLAG_LABELS[code].toLowerCase()}`),
    ...(unavailable > 0 ? [`${unavailable} not readable`] : []),
  ].join(' · ');
}

export interface ItemOption {
  id: string;
  /** The label in the English reference, else the first locale that has the item. */
  label: string;
  /** The locales whose drafts hold it, in registry order. */
  locales: string[];
}

/** Every item id found in the locale drafts, sorted by id: what the picker offers. */
export function itemOptions(sources: readonly LocaleSource[]): ItemOption[] {
  const locales = sources.map((source) => readLocale(source, {}));
  const english = englishOf(locales);
  const byId = new Map<string, ItemOption>();
  for (const locale of locales)
    for (const item of locale.items ?? []) {
      const option = byId.get(item.id) ?? { id: item.id, label: english?.byId.get(item.id) ?? item.title, locales: [] };
      if (!option.locales.includes(locale.id)) option.locales.push(locale.id);
      byId.set(item.id, option);
    }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}

/** A locale whose draft the edits change: the text to validate and send, with the draft it was made from. */
export interface ChangedDraft {
  id: string;
  /** The draft the table loaded: `base.etag` is the save's If-Match, `base.text` the merge's base. */
  base: LocaleDraft;
  text: string;
  content: unknown;
  /** The fields changed, for the change message and the result line. */
  pointers: string[];
}

/**
 * One changed draft per locale whose edits differ from its draft; an edit equal to the saved value changes
 * nothing. The text is the draft's text with minimal edits, so its formatting and line numbers stay.
 */
export function changedDrafts(sources: readonly LocaleSource[], edits: Edits): ChangedDraft[] {
  const out: ChangedDraft[] = [];
  for (const source of sources) {
    if (!('draft' in source)) continue;
    const { draft } = source;
    let text = draft.text;
    let value = draft.content;
    const pointers: string[] = [];
    for (const [pointer, next] of Object.entries(edits[source.id] ?? {})) {
      const path = toPath(pointer, value);
      const current = getIn(value, path);
      if (typeof current !== 'string' || current === next) continue;
      const updated = setIn(value, path, next);
      text = applyValueAtPath(text, value, updated, path);
      value = updated;
      pointers.push(pointer);
    }
    if (pointers.length > 0)
      out.push({ id: source.id, base: draft, text, content: JSON.parse(text) as unknown, pointers });
  }
  return out;
}

/** Edits without one locale's (after it saved, or was merged). */
export function withoutLocale(edits: Edits, locale: string): Edits {
  return Object.fromEntries(Object.entries(edits).filter(([id]) => id !== locale));
}

/** Edits with one field set; typing the saved value back removes the edit. */
export function withEdit(edits: Edits, locale: string, pointer: string, value: string, saved: string): Edits {
  const own = { ...(edits[locale] ?? {}) };
  if (value === saved) delete own[pointer];
  else own[pointer] = value;
  const next = { ...edits, [locale]: own };
  if (Object.keys(own).length === 0) delete next[locale];
  return next;
}

/** `/items/login,register` → ['login', 'register']: ids are kebab-case, so a comma never occurs in one. */
export function parseItemIds(param: string | undefined): string[] {
  if (!param) return [];
  return [
    ...new Set(
      param
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

export function itemsPath(ids: readonly string[]): string {
  return ids.length === 0 ? '/items' : `/items/${ids.map(encodeURIComponent).join(',')}`;
}

/** The shared deep link to a field (docs/editor-cross-locale.md#links). */
export function fieldLink(locale: string, pointer: string): string {
  return `/documents/${encodeURIComponent(locale)}?at=${encodeURIComponent(pointer)}`;
}
