import type { DocumentList } from '../../schemas/contracts';
import { LOCALE_CONFIG_IDS } from '../../schemas/validator/documents';

/**
 * The locales of the registry (config/locales.json) that the service holds no document for, damaged ones
 * included as held: a locale added to the registry shows here until a content manager creates its document.
 */
export function localesWithoutDocument(
  list: DocumentList,
  registryIds: readonly string[] = LOCALE_CONFIG_IDS,
): string[] {
  const held = new Set<string>([...list.documents.map((d) => d.id), ...list.damaged.map((d) => d.id)]);
  return registryIds.filter((id) => !held.has(id));
}

/** The locale documents a new one may start from, in list order. */
export function copySources(list: DocumentList): string[] {
  return list.documents.filter((d) => d.kind === 'locale').map((d) => d.id);
}

/**
 * Another locale's document as the start of `id`'s: the same content, with the two fields that name the
 * locale set to the new one (its id and its URL prefix, the id in lower case), so the copy is valid at once
 * and every label is there to translate.
 */
export function copyForLocale(content: unknown, id: string): unknown {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return content;
  return { ...content, locale: id, basePath: `/${id.toLowerCase()}` };
}
