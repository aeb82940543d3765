import { MATRIX_PERSONAS, type AudienceProblem, type AudienceView, type LocaleMatrix } from '../analysis';
import type { HeaderVariant } from '../../runtime/resolver';
import { visibleKeys, type Catalog, type CatalogItem } from './item-catalog';

/** What one audience sees: the header it gets and the keys of the items it shows. */
export interface Outcome {
  header: HeaderVariant;
  keys: string[];
}

/**
 * One persona on one page, compacted: most flag combinations show the same thing, so each distinct outcome
 * is stored once and every cell points at one. This is what crosses from the worker to the page.
 */
export interface ViewSummary {
  persona: string;
  page: string;
  /** The flags that can change this view; bit i of a cell's index is flags[i]. */
  flags: string[];
  outcomes: Outcome[];
  /** Cell index (bit mask over `flags`) → index into `outcomes`. */
  cellOutcome: number[];
}

export interface MatrixSummary {
  locale: string;
  /** Matrix pages of this locale, in the engine's order. */
  pages: string[];
  personas: { id: string; label: string }[];
  /** Flags on by default (the registry's defaults). */
  defaultFlags: string[];
  /** Every item the locale can show, in document order. */
  items: CatalogItem[];
  views: ViewSummary[];
  /** Cells resolved for this locale. */
  combinations: number;
  /** The engine's findings about this document (see problemsForDocument). */
  problems: AudienceProblem[];
}

/** Bit mask over `flags` of the flags that are on. */
function maskOf(flags: readonly string[], on: Iterable<string>): number {
  let mask = 0;
  for (const flag of on) {
    const bit = flags.indexOf(flag);
    if (bit >= 0) mask |= 1 << bit;
  }
  return mask;
}

function summariseView(view: AudienceView): ViewSummary {
  const outcomes: Outcome[] = [];
  const byKey = new Map<string, number>();
  const cellOutcome = new Array<number>(view.cells.length);
  for (const cell of view.cells) {
    const keys = visibleKeys(cell.visible);
    const signature = `${cell.visible.header}|${keys.join(',')}`;
    let index = byKey.get(signature);
    if (index === undefined) {
      index = outcomes.push({ header: cell.visible.header, keys }) - 1;
      byKey.set(signature, index);
    }
    cellOutcome[maskOf(view.flags, cell.flagsOn)] = index;
  }
  return { persona: view.persona, page: view.page, flags: view.flags, outcomes, cellOutcome };
}

/**
 * The findings that belong to the open document: its own (pointer into it), and for a sibling locale the
 * reference's items it lacks (their pointer is into the reference, which is where the missing item lives).
 */
export function problemsForDocument(problems: readonly AudienceProblem[], documentId: string): AudienceProblem[] {
  return problems.filter((p) =>
    p.code === 'missing-in-sibling' ? p.locale === documentId : p.document === documentId,
  );
}

export function summariseMatrix(
  matrix: LocaleMatrix,
  catalog: Catalog,
  problems: readonly AudienceProblem[],
  defaultFlags: Iterable<string>,
): MatrixSummary {
  const pages: string[] = [];
  for (const view of matrix.views) if (!pages.includes(view.page)) pages.push(view.page);
  const personaIds = new Set(matrix.views.map((v) => v.persona));
  return {
    locale: matrix.locale,
    pages,
    personas: MATRIX_PERSONAS.filter((p) => personaIds.has(p.id)).map((p) => ({ id: p.id, label: p.label })),
    defaultFlags: [...defaultFlags].sort(),
    items: [...catalog.values()],
    views: matrix.views.map(summariseView),
    combinations: matrix.views.reduce((n, v) => n + v.cells.length, 0),
    problems: problemsForDocument(problems, matrix.locale),
  };
}
