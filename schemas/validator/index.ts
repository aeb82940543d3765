/**
 * The one validator: the CLI, the config service, the editor and the runtime's dev checks all call this.
 * Order of checks per document: encoding → JSON syntax → schema (fills defaults) → semantic/cross-file.
 */
import { getValidators } from './ajv-instance';
import { DOCUMENT_IDS, documentIdFromFileName, documentKind, type DocumentId } from './documents';
import type { Problem } from './problem';
import { describeSchemaErrors } from './schema-messages';
import { checkDocument, type CrossFileContext } from './semantic-checks';
import { parseJsonWithPositions, SourceMap } from './source-map';

export * from './documents';
export * from './problem';
export { classifyHref, unsafeScheme } from './link-safety';
export type { CrossFileContext } from './semantic-checks';
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
  problems: Problem[];
}

export interface ValidationReport {
  ok: boolean;
  documents: ValidatedDocument[];
  problems: Problem[];
}

// ignoreBOM keeps a byte-order mark in the text, so we can refuse it instead of silently dropping it.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes → text, refusing empty files, non-UTF-8 bytes and a byte-order mark. */
export function decodeSource(file: string, bytes: Uint8Array): { text: string; problem?: undefined } | { text?: undefined; problem: Problem } {
  const whole = { file, line: 1, column: 1, pointer: '' };
  if (bytes.length === 0 || bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09))
    return { problem: { ...whole, code: 'empty-file', message: 'file is empty', hint: 'a config must be a JSON object; restore it from history or copy a sibling locale' } };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8Offset(bytes);
    const before = new TextDecoder().decode(bytes.subarray(0, offset));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    return { problem: { ...whole, line, column, code: 'encoding', message: `file is not valid UTF-8 (byte 0x${bytes[offset]!.toString(16).padStart(2, '0')} at offset ${offset})`, hint: 'save the file as UTF-8; Latin-1 umlauts are the usual cause' } };
  }
  if (text.charCodeAt(0) === 0xfeff)
    return { problem: { ...whole, code: 'encoding', message: 'file starts with a byte-order mark', hint: 'save as UTF-8 without BOM' } };
  return { text };
}

/** Validates one document against the schema and against what `context` knows of the other files. */
export function validateDocument(source: SourceText, context: CrossFileContext = {}): ValidatedDocument {
  const { id, file, text } = source;
  const parsed = parseJsonWithPositions(text);
  if (parsed.error) {
    const { line, column, message } = parsed.error;
    return { id, file, problems: [{ code: 'json-syntax', file, line, column, pointer: '', message, hint: 'fix the JSON syntax first; other checks run once it parses' }] };
  }
  const value = parsed.value;
  const map = new SourceMap(text);
  const problems: Problem[] = [];
  const validate = getValidators()[documentKind(id)];
  if (!validate(value)) {
    for (const f of describeSchemaErrors(validate.errors ?? [])) {
      problems.push({ code: 'schema', file, ...map.locate(f.pointer, { key: f.atKey }), pointer: f.pointer, message: f.message, ...(f.hint ? { hint: f.hint } : {}) });
    }
  }
  for (const f of checkDocument(id, value, context)) {
    problems.push({ code: f.code, file, ...map.locate(f.pointer, { key: f.atKey ?? false }), pointer: f.pointer, message: f.message, ...(f.hint ? { hint: f.hint } : {}) });
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  return { id, file, value, problems };
}

/** Builds the cross-file context from already-parsed documents (flags registry, config ids present). */
export function crossFileContext(documents: readonly { id: DocumentId; value?: unknown }[], configIds?: Iterable<string>): CrossFileContext {
  const flagsDoc = documents.find((d) => d.id === 'flags')?.value as { flags?: { id?: unknown }[] } | undefined;
  const flagIds = Array.isArray(flagsDoc?.flags) ? new Set(flagsDoc.flags.map((f) => f?.id).filter((v): v is string => typeof v === 'string')) : undefined;
  const ids = new Set(configIds ?? documents.filter((d) => documentKind(d.id) === 'locale').map((d) => d.id));
  return { ...(flagIds ? { flagIds } : {}), configIds: ids };
}

export interface SourceFile {
  file: string;
  bytes: Uint8Array;
}

/** Validates a whole directory's worth of documents together, so cross-file checks see every file. */
export function validateDocumentSet(files: readonly SourceFile[], options: { requireAll?: boolean; dirLabel?: string } = {}): ValidationReport {
  const problems: Problem[] = [];
  const sources: SourceText[] = [];
  for (const { file, bytes } of files) {
    const id = documentIdFromFileName(file);
    if (!id) {
      problems.push({ code: 'unknown-document', file, line: 1, column: 1, pointer: '', message: 'not a known document name', hint: `document files are ${DOCUMENT_IDS.map((d) => `${d}.json`).join(', ')}` });
      continue;
    }
    const decoded = decodeSource(file, bytes);
    if (decoded.problem) problems.push(decoded.problem);
    else sources.push({ id, file, text: decoded.text });
  }
  if (options.requireAll) {
    const present = new Set(files.map((f) => documentIdFromFileName(f.file)));
    for (const id of ['flags', 'markets'] as const)
      if (!present.has(id)) problems.push({ code: 'missing-document', file: `${options.dirLabel ?? '.'}/${id}.json`, line: 1, column: 1, pointer: '', message: `${id}.json is missing`, hint: 'every config directory needs flags.json and markets.json' });
  }
  // Parse flags first: every other document's rules are checked against its registry.
  const flagsSource = sources.find((s) => s.id === 'flags');
  const flagsResult = flagsSource ? validateDocument(flagsSource, {}) : undefined;
  const configIds = files.map((f) => documentIdFromFileName(f.file)).filter((id): id is DocumentId => !!id && documentKind(id) === 'locale');
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
    const continuation = lead < 0x80 ? 0 : lead >> 5 === 0b110 ? 1 : lead >> 4 === 0b1110 ? 2 : lead >> 3 === 0b11110 ? 3 : -1;
    if (continuation < 0) return i;
    for (let k = 1; k <= continuation; k++) if (i + k >= bytes.length || (bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += continuation + 1;
  }
  return 0;
}
