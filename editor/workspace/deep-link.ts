/**
 * `?at=<JSON pointer>` on a document link (docs/editor-workspace.md#deep-links): where the page goes, and what
 * it says when the link cannot be followed exactly.
 */
export interface DeepLink {
  /** The pointer to go to; null when the link's value is not a pointer at all. */
  goTo: string | null;
  /** Why the link is not followed exactly, for the notice; null when it is. */
  problem: string | null;
}

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => typeof v === 'object' && v !== null;

/** The deepest part of `pointer` that `document` has. */
export function existingPrefix(document: unknown, pointer: string): string {
  let value = document;
  let reached = '';
  for (const segment of pointer.slice(1).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isContainer(value) || !Object.hasOwn(value, key)) break;
    value = (value as Record<string, unknown>)[key];
    reached = `${reached}/${segment}`;
  }
  return reached;
}

export function readDeepLink(document: unknown, at: string): DeepLink {
  if (at !== '' && !at.startsWith('/')) {
    return {
      goTo: null,
      problem: `The link’s place “${at}” is not a JSON pointer (it starts with “/”, e.g. /header/public/navItems/0): the document opens at the top.`,
    };
  }
  if (at === '' || document === undefined) return { goTo: at === '' ? null : at, problem: null };
  const reached = existingPrefix(document, at);
  if (reached === at) return { goTo: at, problem: null };
  return {
    goTo: at,
    problem: `The link points to ${at}, which this draft does not have: showing the nearest place it has (${reached || 'the top'}).`,
  };
}
