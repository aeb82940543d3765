/**
 * Completion for visibility rules in the JSON view: the value of a `"flag"` key offers the flag ids of
 * flags.json, the value of an `"access"` key the access ids of schemas/access.schema.json. Pure (no Monaco),
 * so it is tested on its own; monaco-setup.ts turns the answer into Monaco suggestions.
 */
import { getLocation } from 'jsonc-parser';
import { ACCESS_GROUPS, type Registry } from '../validation/registries';

export interface RegistrySuggestion {
  label: string;
  /** The JSON string to insert, quotes included. */
  insertText: string;
  detail: string;
  documentation?: string;
}

export interface RegistryCompletion {
  key: 'flag' | 'access';
  /** Offsets of the text the suggestion replaces (the string being typed, quotes included). */
  start: number;
  end: number;
  suggestions: RegistrySuggestion[];
}

/** Suggestions at `offset`, or null when the caret is not at the value of a rule's flag or access key. */
export function registryCompletionAt(text: string, offset: number, registry: Registry): RegistryCompletion | null {
  const location = getLocation(text, offset);
  if (location.isAtPropertyKey) return null;
  const key = location.path.at(-1);
  if (key !== 'flag' && key !== 'access') return null;
  // Only inside a visibility rule: markets.json's "flag" is a flag icon code, not a feature flag.
  if (!location.path.slice(0, -1).includes('visibility')) return null;
  const node = location.previousNode;
  let start = offset;
  let end = offset;
  if (node && offset >= node.offset && offset <= node.offset + node.length) {
    if (node.type !== 'string') return null;
    start = node.offset;
    end = node.offset + node.length;
  }
  const suggestions: RegistrySuggestion[] =
    key === 'flag'
      ? registry.flags.map((f) => ({
          label: f.id,
          insertText: JSON.stringify(f.id),
          detail: `feature flag (flags.json)${f.default === undefined ? '' : `, default ${f.default ? 'on' : 'off'}`}`,
          ...(f.description ? { documentation: f.description } : {}),
        }))
      : ACCESS_GROUPS.flatMap((g) =>
          g.ids.map((id) => ({ label: id, insertText: JSON.stringify(id), detail: `${g.label} (access.schema.json)` })),
        );
  return { key, start, end, suggestions };
}
