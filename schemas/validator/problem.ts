/** Every finding the validator can report. The code is stable: tools and tests key on it. */
export type ProblemCode =
  | 'encoding'
  | 'empty-file'
  | 'json-syntax'
  | 'too-deep'
  | 'too-many-problems'
  | 'schema'
  | 'unknown-document'
  | 'missing-document'
  | 'unknown-flag'
  | 'duplicate-id'
  | 'unsafe-link'
  | 'relative-link'
  | 'malformed-link'
  | 'rich-text-element'
  | 'rich-text-attribute'
  | 'file-locale-mismatch'
  | 'market-without-config'
  | 'missing-session-texts'
  | 'missing-placeholder'
  | 'unknown-placeholder'
  | 'nav-item-target'
  | 'unknown-reduced-id'
  | 'duplicate-flag'
  | 'locale-registry';

export interface Problem {
  code: ProblemCode;
  /** Path as given by the caller, e.g. config/de-DE.json. */
  file: string;
  /** 1-based; 1 when the problem concerns the whole file. */
  line: number;
  /** 1-based. */
  column: number;
  /** RFC 6901 JSON pointer into the document ('' for the root). */
  pointer: string;
  message: string;
  hint?: string;
}

/** `config/de-DE.json:41:17  /header/public  message  (hint: …)` — the CLI's one-line format. */
export function formatProblem(p: Problem): string {
  const hint = p.hint ? `  (hint: ${p.hint})` : '';
  return `${p.file}:${p.line}:${p.column}  ${p.pointer || '/'}  ${p.message}${hint}`;
}
