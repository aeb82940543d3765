import localeConfigSchema from '../locale-config.schema.json';
import { classifyHref, isImageUrl, malformation, SAFE_LINK_FORMS, unsafeScheme } from './link-safety';
import { checkRichText } from './rich-text-check';
import { LOCALE_CONFIG_IDS, type DocumentId } from './documents';
import type { ProblemCode } from './problem';
import { closest, escapePointer } from './schema-messages';
import { checksPlaceholders, placeholdersIn, TEXT_PLACEHOLDERS } from './text-placeholders';

export interface SemanticFinding {
  code: ProblemCode;
  pointer: string;
  atKey?: boolean;
  message: string;
  hint?: string;
}

/** What one document's checks may know about the others. Absent parts skip the checks that need them. */
export interface CrossFileContext {
  flagIds?: ReadonlySet<string>;
  configIds?: ReadonlySet<string>;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Visit = (value: Json, pointer: string, key: string | number | undefined, parent: Json | undefined) => void;

function walk(value: Json, visit: Visit, pointer = '', key?: string | number, parent?: Json): void {
  visit(value, pointer, key, parent);
  if (Array.isArray(value)) value.forEach((child, i) => walk(child, visit, `${pointer}/${i}`, i, value));
  else if (value && typeof value === 'object')
    for (const [k, child] of Object.entries(value)) walk(child, visit, `${pointer}/${escapePointer(k)}`, k, value);
}

const LINK_KEYS = new Set(['href', 'link', 'appStoreUrl', 'playStoreUrl', 'canonicalPage']);
const IMAGE_KEYS = new Set(['url', 'imageUrl', 'iconUrl']);
/** Fields the schemas describe as rich text (HTML); rich-text.test.ts keeps this list in step with them. */
export const RICH_TEXT_KEYS: ReadonlySet<string> = new Set(['disclaimer']);
/** Longer rich text is already a schema problem; parsing it would only cost time. */
const RICH_TEXT_MAX_LENGTH = localeConfigSchema.$defs.Footer.properties.disclaimer.maxLength;

/** Checks a schema cannot express. Written defensively: they also run on documents with schema errors. */
export function checkDocument(id: DocumentId, value: unknown, context: CrossFileContext): SemanticFinding[] {
  const doc = value as Json;
  const findings: SemanticFinding[] = [];
  checkLinks(doc, findings);
  checkRuleFlags(doc, context, findings);
  if (id === 'flags') checkFlagRegistry(doc, findings);
  else if (id === 'markets') checkMarkets(doc, context, findings);
  else checkLocaleConfig(id, doc, findings);
  return findings;
}

function checkLinks(doc: Json, findings: SemanticFinding[]): void {
  walk(doc, (value, pointer, key) => {
    if (typeof value !== 'string' || typeof key !== 'string') return;
    if (RICH_TEXT_KEYS.has(key)) {
      if (value.length <= RICH_TEXT_MAX_LENGTH)
        for (const finding of checkRichText(value)) findings.push({ ...finding, pointer });
      return;
    }
    if (!LINK_KEYS.has(key) && !IMAGE_KEYS.has(key)) return;
    const scheme = unsafeScheme(value);
    if (scheme) {
      findings.push({
        code: 'unsafe-link',
        pointer,
        message: `unsafe link scheme "${scheme}"`,
        hint: `links must be ${SAFE_LINK_FORMS}`,
      });
      return;
    }
    const image = IMAGE_KEYS.has(key);
    if (image ? isImageUrl(value) : classifyHref(value) !== 'invalid') return;
    const reason = malformation(value);
    if (reason) {
      findings.push({
        code: 'malformed-link',
        pointer,
        message: `${image ? 'image URL' : 'link'} ${JSON.stringify(value)} ${reason}`,
        hint: image
          ? 'write a path on this site (/assets/…) or an https:// URL'
          : `write ${SAFE_LINK_FORMS}; the locale base path is added to paths at render time`,
      });
    } else if (image) {
      findings.push({
        code: 'relative-link',
        pointer,
        message: `image URL ${JSON.stringify(value)} must start with / or https://`,
        hint: `write "/${value.replace(/^\.?\/*/, '')}"`,
      });
    } else {
      findings.push({
        code: 'relative-link',
        pointer,
        message: `internal link ${JSON.stringify(value)} must start with /`,
        hint: `write "/${value.replace(/^\.?\/*/, '')}"; the locale base path is added at render time`,
      });
    }
  });
}

function checkRuleFlags(doc: Json, context: CrossFileContext, findings: SemanticFinding[]): void {
  if (!context.flagIds) return;
  const known = [...context.flagIds];
  walk(doc, (value, pointer, key, parent) => {
    if (key !== 'flag' || typeof value !== 'string' || !parent || Array.isArray(parent) || typeof parent !== 'object')
      return;
    if (!/\/(visibility|not|all\/\d+|any\/\d+)\/flag$/.test(pointer)) return;
    if (context.flagIds!.has(value)) return;
    const suggestion = closest(value, known);
    findings.push({
      code: 'unknown-flag',
      pointer,
      message: `rule names unknown flag "${value}"`,
      hint: suggestion
        ? `did you mean "${suggestion}"? Flags are declared in flags.json`
        : 'declare it in flags.json first, or use one of its ids',
    });
  });
}

function checkLocaleConfig(id: DocumentId, doc: Json, findings: SemanticFinding[]): void {
  if (!isObject(doc)) return;
  if (typeof doc.locale === 'string' && doc.locale !== id) {
    // Renaming helps only when the value names another config; otherwise the value is the typo.
    const otherConfig = (LOCALE_CONFIG_IDS as readonly string[]).includes(doc.locale);
    findings.push({
      code: 'file-locale-mismatch',
      pointer: '/locale',
      message: `locale "${doc.locale}" does not match the file name ${id}.json`,
      hint: otherConfig ? `set "locale": "${id}" or rename the file to ${doc.locale}.json` : `set "locale": "${id}"`,
    });
  }
  checkDuplicateIds(doc, findings);
  checkNavItems(doc, findings);
  checkReducedIds(doc, findings);
  checkStrings(doc, findings);
}

function checkDuplicateIds(doc: Json, findings: SemanticFinding[]): void {
  const first = new Map<string, string>();
  walk(doc, (value, pointer, key) => {
    if ((key !== 'id' && key !== 'uid') || typeof value !== 'string') return;
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, pointer);
    else
      findings.push({
        code: 'duplicate-id',
        pointer,
        message: `duplicate id "${value}", first used at ${earlier}`,
        hint: 'ids must be unique within a locale config; rename one of them',
      });
  });
}

function checkNavItems(doc: Json, findings: SemanticFinding[]): void {
  const header = isObject(doc) ? doc.header : undefined;
  if (!isObject(header)) return;
  for (const [variant, menu] of Object.entries(header)) {
    if (!isObject(menu) || !Array.isArray(menu.navItems)) continue;
    menu.navItems.forEach((item, i) => {
      if (!isObject(item)) return;
      const hasHref = item.href !== undefined;
      const hasSub = item.subMenus !== undefined;
      if (hasHref === hasSub)
        findings.push({
          code: 'nav-item-target',
          pointer: `/header/${escapePointer(variant)}/navItems/${i}`,
          message: hasHref
            ? 'a nav item has either href or subMenus, not both'
            : 'a nav item needs href (a link) or subMenus (a dropdown)',
          hint: hasHref ? 'move the link into the submenu as an arrow item' : 'add "href": "/…" or a "subMenus" object',
        });
    });
  }
}

function checkReducedIds(doc: Json, findings: SemanticFinding[]): void {
  const menu = isObject(doc) ? doc.accountMenu : undefined;
  if (!isObject(menu) || !Array.isArray(menu.items) || !Array.isArray(menu.reducedItemIds)) return;
  const ids = new Set(
    menu.items.map((item) => (isObject(item) ? item.id : undefined)).filter((v): v is string => typeof v === 'string'),
  );
  menu.reducedItemIds.forEach((ref, i) => {
    if (typeof ref === 'string' && !ids.has(ref))
      findings.push({
        code: 'unknown-reduced-id',
        pointer: `/accountMenu/reducedItemIds/${i}`,
        message: `reduced list names "${ref}", which is not an account menu item`,
        hint: `use one of: ${[...ids].join(', ')}`,
      });
  });
}

function checkStrings(doc: Json, findings: SemanticFinding[]): void {
  const strings = isObject(doc) ? doc.strings : undefined;
  if (!isObject(strings)) return;
  const session = strings.session;
  if (!isObject(session)) {
    findings.push({
      code: 'missing-session-texts',
      pointer: '/strings',
      message: 'the session countdown texts are missing',
      hint: 'add strings.session with countdownTitle, countdownText, extend, logout, extended and expired in this locale’s language',
    });
  } else {
    const missing = ['countdownTitle', 'countdownText', 'extend', 'logout', 'extended', 'expired'].filter(
      (k) => typeof session[k] !== 'string' || (session[k] as string).trim() === '',
    );
    if (missing.length > 0)
      findings.push({
        code: 'missing-session-texts',
        pointer: '/strings/session',
        message: `session countdown texts missing: ${missing.join(', ')}`,
        hint: 'every locale needs all six texts in its own language',
      });
  }
  checkPlaceholders(doc, findings);
}

/** Every UI text keeps the placeholders the runtime fills there, and invents none (text-placeholders.ts). */
function checkPlaceholders(doc: Json, findings: SemanticFinding[]): void {
  const list = (names: readonly string[]) => names.map((n) => `{${n}}`).join(', ');
  const visit: Visit = (value, pointer) => {
    if (typeof value !== 'string' || !checksPlaceholders(pointer)) return;
    const allowed = TEXT_PLACEHOLDERS[pointer] ?? [];
    const used = placeholdersIn(value);
    // The copyright's {year} is required by its schema pattern, which says so already.
    if (pointer !== '/footer/copyright')
      for (const name of allowed.filter((n) => !used.includes(n)))
        findings.push({
          code: 'missing-placeholder',
          pointer,
          message: `text must contain {${name}}`,
          hint: `{${name}} is replaced at render time; keep it exactly as written`,
        });
    const invented = used.filter((n) => !allowed.includes(n));
    if (invented.length > 0)
      findings.push({
        code: 'unknown-placeholder',
        pointer,
        message: `${list(invented)} is not a placeholder ${allowed.length === 0 ? 'in this text, which takes none' : `here (this text takes ${list(allowed)})`}`,
        hint: 'customers would see it as typed; write the word out, or use the placeholder exactly as the English text does',
      });
  };
  if (!isObject(doc)) return;
  if (doc.strings !== undefined) walk(doc.strings, visit, '/strings');
  if (isObject(doc.footer) && doc.footer.copyright !== undefined)
    visit(doc.footer.copyright, '/footer/copyright', 'copyright', doc.footer);
}

function checkFlagRegistry(doc: Json, findings: SemanticFinding[]): void {
  if (!isObject(doc) || !Array.isArray(doc.flags)) return;
  const seen = new Map<string, number>();
  doc.flags.forEach((flag, i) => {
    if (!isObject(flag) || typeof flag.id !== 'string') return;
    const earlier = seen.get(flag.id);
    if (earlier !== undefined)
      findings.push({
        code: 'duplicate-flag',
        pointer: `/flags/${i}/id`,
        message: `flag "${flag.id}" is declared twice (first at /flags/${earlier})`,
        hint: 'remove one of the two entries',
      });
    else seen.set(flag.id, i);
  });
}

function checkMarkets(doc: Json, context: CrossFileContext, findings: SemanticFinding[]): void {
  if (!isObject(doc) || !Array.isArray(doc.markets)) return;
  const ids = new Map<string, number>();
  doc.markets.forEach((market, i) => {
    if (!isObject(market)) return;
    if (typeof market.id === 'string') {
      const earlier = ids.get(market.id);
      if (earlier !== undefined)
        findings.push({
          code: 'duplicate-id',
          pointer: `/markets/${i}/id`,
          message: `duplicate market id "${market.id}", first used at /markets/${earlier}/id`,
          hint: 'market ids must be unique',
        });
      else ids.set(market.id, i);
    }
    if (!context.configIds) return;
    for (const key of ['locale', 'preferredLocale'] as const) {
      const locale = market[key];
      if (key === 'preferredLocale' && locale === market.locale) continue;
      if (typeof locale === 'string' && !context.configIds.has(locale))
        findings.push({
          code: 'market-without-config',
          pointer: `/markets/${i}/${key}`,
          message: `market "${String(market.id)}" points to locale "${locale}", which has no config`,
          hint: `add config/${locale}.json or use one of: ${[...context.configIds].sort().join(', ')}`,
        });
    }
  });
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
