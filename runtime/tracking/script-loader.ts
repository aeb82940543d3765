import { pageRecorder, type LocalTrackingRecorder } from './local-recorder';
import type { ScriptSpec } from './script-spec';

/** Puts a script on the page. Only the production loader creates an element. */
export interface ScriptLoader {
  load: (script: ScriptSpec) => void;
  /** True when a script with this id is already loaded (or recorded). */
  has: (id: string) => boolean;
}

/**
 * Production: appends an async <script> to the document head, once per id. Chosen only for the
 * production environment (choose-adapters.ts); unit tests hand it an inert document from
 * document.implementation.createHTMLDocument(), which never fetches or runs scripts.
 */
export function createDomScriptLoader(doc: Document = document): ScriptLoader {
  return {
    has: (id) => doc.getElementById(id) !== null,
    load(script) {
      if (doc.getElementById(script.id)) return;
      const element = doc.createElement('script');
      element.id = script.id;
      element.async = true;
      element.src = script.src;
      element.dataset.category = script.category;
      for (const [name, value] of Object.entries(script.attributes ?? {})) element.setAttribute(name, value);
      doc.head.appendChild(element);
    },
  };
}

/** Development and tests: records what production would load, once per id, and loads nothing. */
export function createRecordingScriptLoader(recorder: LocalTrackingRecorder = pageRecorder()): ScriptLoader {
  const has = (id: string) => recorder.scripts.some((recorded) => recorded.id === id);
  return {
    has,
    load(script) {
      if (has(script.id)) return;
      recorder.scripts.push({ ...script, ...(script.attributes ? { attributes: { ...script.attributes } } : {}) });
    },
  };
}
