import type { DocumentId } from '../../schemas/validator/documents';

/** Every finding of the audience matrix. The code is stable: the CLI's --json, the editor and tests key on it. */
export type AudienceProblemCode =
  // errors
  | 'empty-header'
  | 'empty-dropdown'
  | 'unsafe-link'
  | 'invalid-link'
  | 'unknown-route'
  | 'market-without-config'
  // warnings
  | 'unseen-item'
  | 'missing-in-sibling'
  | 'untranslated-label'
  | 'label-overflow'
  | 'matrix-truncated';

export type Severity = 'error' | 'warning';

export const SEVERITY: Record<AudienceProblemCode, Severity> = {
  'empty-header': 'error',
  'empty-dropdown': 'error',
  'unsafe-link': 'error',
  'invalid-link': 'error',
  'unknown-route': 'error',
  'market-without-config': 'error',
  'unseen-item': 'warning',
  'missing-in-sibling': 'warning',
  'untranslated-label': 'warning',
  'label-overflow': 'warning',
  'matrix-truncated': 'warning',
};

/** One audience (a cell of the matrix): who, on which page, with which of the relevant flags on. */
export interface Audience {
  persona: string;
  page: string;
  flagsOn: string[];
}

export interface AudienceProblem {
  code: AudienceProblemCode;
  severity: Severity;
  /** The document the pointer points into (a config id or `markets`). */
  document: DocumentId;
  /** The locale whose view shows the problem (for sibling checks: the sibling that lacks the item). */
  locale?: string;
  /** RFC 6901 pointer into `document`; '' for the whole document. */
  pointer: string;
  message: string;
  hint?: string;
  /** For problems that depend on the audience: how many matrix cells show it, and one cell per persona × page (up to 12). */
  occurrences?: number;
  audiences?: Audience[];
}

/** `customer on dashboard with newDepositsPage on`: how a cell is named in messages. */
export function describeAudience(a: Audience): string {
  return `${a.persona} on ${a.page} with ${a.flagsOn.length > 0 ? `${a.flagsOn.join(', ')} on` : 'no flag on'}`;
}

export function problem(
  code: AudienceProblemCode,
  fields: Omit<AudienceProblem, 'code' | 'severity'>,
): AudienceProblem {
  return { code, severity: SEVERITY[code], ...fields };
}
