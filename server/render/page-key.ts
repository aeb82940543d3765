/**
 * The page cache's key (docs/rendering.md#the-page-cache): the render task itself (page-render.ts: everything the
 * render reads), with three reductions that keep it exact and small:
 * - a document is named by its published file, whose name carries its content hash;
 * - the clock by its year, the only part of it a page shows (the footer's copyright; runtime/resolver/resolve-footer.ts);
 * - the template and the early-calls script, which a process reads once per build (server/frontend/static-frontend.ts),
 *   by whether there is one.
 * Every other field of the task is in the key as it is, so a fact added to the task is in the key without a second list.
 */
import type { RenderTask } from './page-render';

export function renderKey(task: RenderTask): string {
  const { documents, now, template: _template, ...facts } = task;
  const files = [documents.config.file, documents.fallback?.file ?? null, documents.markets.file, documents.flags.file];
  const early = 'earlyScript' in facts ? { earlyScript: facts.earlyScript !== undefined } : {};
  return JSON.stringify({ ...facts, ...early, files, year: new Date(now).getFullYear() });
}
