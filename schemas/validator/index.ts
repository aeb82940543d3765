/**
 * The one validator: the CLI, the config service, the editor and the runtime's dev checks all call this.
 * Order of checks per document: encoding → JSON syntax → schema (fills defaults) → semantic/cross-file.
 */
import { getValidators } from './ajv-instance';
import { DOCUMENT_IDS, documentIdFromFileName, documentKind, type DocumentId } from './documents';
import { describeExcessNesting, findExcessNesting } from './json-depth';
import type { Problem } from './problem';
import { checkLocaleRegistry, REGISTRY_FILE_NAME } from './registry-check';
import { describeSchemaErrors } from './schema-messages';
import { crossFileContext } from './cross-file-context';
import { checkDocument, type CrossFileContext } from './semantic-checks';
import { parseJsonWithPositions, SourceMap } from './source-map';

export * from './documents';
export * from './problem';
export { describeExcessNesting, findExcessNesting, MAX_DOCUMENT_DEPTH, type ExcessNesting } from './json-depth';
export { classifyHref, unsafeScheme } from './link-safety';
export type { CrossFileContext } from './semantic-checks';
// Its own light file: the editor builds a context before it loads Ajv (docs/editor-bundle.md#the-validator).
export { crossFileContext } from './cross-file-context';
export { compileValidators, getValidators } from './ajv-instance';

export interface SourceText {
  id: DocumentId;
  /** Shown in messages; a repo-relative path for files, a label such as `draft de-DE` for API bodies. */
  file: string;
  text: string;
}

export interface ValidatedDocument {
  id: DocumentId;
  file: string;
  /** The parsed, default-filled document; undefined when the JSON could not be parsed. */
  value?: unknown;
  /** At most MAX_LISTED_PROBLEMS, then one `too-many-problems` entry saying how many there are. */
  problems: Problem[];
  /** How many problems the document has, listed or not (a lower bound when the list says "more than"). */
  problemCount: number;
}

/**
 * Problems listed per document. Describing one costs a source-map lookup and maybe an edit-distance
 * search for a suggestion, so a hostile body with 20,000 bad items must not be described in full; and
 * nobody reads past the first hundred: they fix those and validate again.
 */
export const MAX_LISTED_PROBLEMS = 100;

export interface ValidationReport {
  ok: boolean;
  documents: ValidatedDocument[];
  problems: Problem[];
}

// ignoreBOM keeps a byte-order mark in the text, so we can refuse it instead of silently dropping it.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes → text, refusing empty files, non-UTF-8 bytes and a byte-order mark. */
export function decodeSource(
  file: string,
  bytes: Uint8Array,
): { text: string; problem?: undefined } | { text?: undefined; problem: Problem } {
  const whole = { file, line: 1, column: 1, pointer: '' };
  if (bytes.length === 0 || bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09))
    return {
      problem: {
        ...whole,
        code: 'empty-file',
        message: 'file is empty',
        hint: 'a config must be a JSON object; restore it from history or copy a sibling locale',
      },
    };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8Offset(bytes);
    const before = new TextDecoder().decode(bytes.subarray(0, offset));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    return {
      problem: {
        ...whole,
        line,
        column,
        code: 'encoding',
        message: `file is not valid UTF-8 (byte 0x${bytes[offset]!.toString(16).padStart(2, '0')} at offset ${offset})`,
        hint: 'save the file as UTF-8; Latin-1 umlauts are the usual cause',
      },
    };
  }
  if (text.charCodeAt(0) === 0xfeff)
    return {
      problem: {
        ...whole,
        code: 'encoding',
        message: 'file starts with a byte-order mark',
        hint: 'save as UTF-8 without BOM',
      },
    };
  return { text };
}

/** Validates one document against the schema and against what `context` knows of the other files. */
export function validateDocument(source: SourceText, context: CrossFileContext = {}): ValidatedDocument {
  const { id, file, text } = source;
  // Before anything that recurses: parsing, the schema, the semantic walk (json-depth.ts says why).
  const excess = findExcessNesting(text);
  if (excess)
    return {
      id,
      file,
      problems: [
        {
          code: 'too-deep',
          file,
          ...new SourceMap(text).positionOfOffset(excess.offset),
          pointer: excess.pointer,
          ...describeExcessNesting(excess),
        },
      ],
      problemCount: 1,
    };
  const parsed = parseJsonWithPositions(text);
  if (parsed.error) {
    const { line, column, message } = parsed.error;
    return {
      id,
      file,
      problems: [
        {
          code: 'json-syntax',
          file,
          line,
          column,
          pointer: '',
          message,
          hint: 'fix the JSON syntax first; other checks run once it parses',
        },
      ],
      problemCount: 1,
    };
  }
  const value = parsed.value;
  const map = new SourceMap(text);
  const problems: Problem[] = [];
  const validate = getValidators()[documentKind(id)];
  let total = 0;
  let more = false;
  if (!validate(value)) {
    const schema = describeSchemaErrors(validate.errors ?? [], MAX_LISTED_PROBLEMS);
    total += schema.total;
    more = schema.more;
    for (const f of schema.findings) {
      problems.push({
        code: 'schema',
        file,
        ...map.locate(f.pointer, { key: f.atKey }),
        pointer: f.pointer,
        message: f.message,
        ...(f.hint ? { hint: f.hint } : {}),
      });
    }
  }
  for (const f of checkDocument(id, value, context)) {
    total++;
    problems.push({
      code: f.code,
      file,
      ...map.locate(f.pointer, { key: f.atKey ?? false }),
      pointer: f.pointer,
      message: f.message,
      ...(f.hint ? { hint: f.hint } : {}),
    });
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  if (total <= MAX_LISTED_PROBLEMS && !more) return { id, file, value, problems, problemCount: total };
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const count = `${more ? 'more than ' : ''}${total} problems`;
  listed.push({
    code: 'too-many-problems',
    file,
    line: 1,
    column: 1,
    pointer: '',
    message: `${count}; the first ${listed.length} are listed`,
    hint: 'fix these and validate again to see the rest',
  });
  return { id, file, value, problems: listed, problemCount: total };
}

export interface SourceFile {
  file: string;
  bytes: Uint8Array;
}

/** The locale registry (config/locales.json) sits beside the documents; it is checked, not validated as one. */
const isRegistryFile = (file: string) => file.split(/[\\/]/).pop() === REGISTRY_FILE_NAME;

/** Validates a whole directory's worth of documents together, so cross-file checks see every file. */
export function validateDocumentSet(
  files: readonly SourceFile[],
  options: { requireAll?: boolean; dirLabel?: string } = {},
): ValidationReport {
  const problems: Problem[] = [];
  const sources: SourceText[] = [];
  for (const { file, bytes } of files) {
    const id = documentIdFromFileName(file);
    if (isRegistryFile(file)) {
      const decoded = decodeSource(file, bytes);
      const configFiles = options.requireAll
        ? new Set(files.map((f) => documentIdFromFileName(f.file)).filter((d): d is DocumentId => !!d))
        : undefined;
      problems.push(...(decoded.problem ? [decoded.problem] : checkLocaleRegistry(file, decoded.text, configFiles)));
      continue;
    }
    if (!id) {
      problems.push({
        code: 'unknown-document',
        file,
        line: 1,
        column: 1,
        pointer: '',
        message: 'not a known document name',
        hint: `document files are ${DOCUMENT_IDS.map((d) => `${d}.json`).join(', ')}`,
      });
      continue;
    }
    const decoded = decodeSource(file, bytes);
    if (decoded.problem) problems.push(decoded.problem);
    else sources.push({ id, file, text: decoded.text });
  }
  if (options.requireAll) {
    const present = new Set(files.map((f) => documentIdFromFileName(f.file)));
    for (const id of ['flags', 'markets'] as const)
      if (!present.has(id))
        problems.push({
          code: 'missing-document',
          file: `${options.dirLabel ?? '.'}/${id}.json`,
          line: 1,
          column: 1,
          pointer: '',
          message: `${id}.json is missing`,
          hint: 'every config directory needs flags.json and markets.json',
        });
  }
  // Parse flags first: every other document's rules are checked against its registry.
  const flagsSource = sources.find((s) => s.id === 'flags');
  const flagsResult = flagsSource ? validateDocument(flagsSource, {}) : undefined;
  const configIds = files
    .map((f) => documentIdFromFileName(f.file))
    .filter((id): id is DocumentId => !!id && documentKind(id) === 'locale');
  const context = crossFileContext(flagsResult ? [flagsResult] : [], configIds);
  const documents: ValidatedDocument[] = [];
  for (const source of sources) {
    const result = source === flagsSource ? flagsResult! : validateDocument(source, context);
    documents.push(result);
    problems.push(...result.problems);
  }
  return { ok: problems.length === 0, documents, problems };
}

/** Offset of the first byte that starts an invalid UTF-8 sequence (only called once decoding failed). */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    const continuation =
      lead < 0x80 ? 0 : lead >> 5 === 0b110 ? 1 : lead >> 4 === 0b1110 ? 2 : lead >> 3 === 0b11110 ? 3 : -1;
    if (continuation < 0) return i;
    for (let k = 1; k <= continuation; k++) if (i + k >= bytes.length || (bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += continuation + 1;
  }
  return 0;
}
