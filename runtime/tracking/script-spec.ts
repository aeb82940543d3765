/**
 * A third-party script the runtime may put on the page, as the loaders, the consent manager, the
 * tag manager and the local recorder all describe it.
 */

/** Why a script is on the page, which decides the consent it needs (tag-manager.ts). */
export type ScriptCategory = 'consent-manager' | 'tag-manager' | 'analytics' | 'marketing';

export interface ScriptSpec {
  /** Element id; a script is loaded at most once per id. */
  id: string;
  src: string;
  category: ScriptCategory;
  /** Extra attributes, e.g. data-settings-id for the consent manager. */
  attributes?: Record<string, string>;
}
