import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import accessSchema from '../access.schema.json';
import { commonSchema } from '../locale-registry';
import localesSchema from '../locales.schema.json';
import flagsSchema from '../flags.schema.json';
import localeConfigSchema from '../locale-config.schema.json';
import marketsSchema from '../markets.schema.json';
import type { DocumentKind } from './documents';

export const SCHEMA_BASE = 'https://schemas.portal-shell.dev/';
export const ALL_SCHEMAS = [
  commonSchema,
  accessSchema,
  flagsSchema,
  marketsSchema,
  localeConfigSchema,
  localesSchema,
] as const;

const ROOT_SCHEMA_ID: Record<DocumentKind, string> = {
  locale: `${SCHEMA_BASE}locale-config.schema.json`,
  markets: `${SCHEMA_BASE}markets.schema.json`,
  flags: `${SCHEMA_BASE}flags.schema.json`,
};

let validators: Record<DocumentKind, ValidateFunction> | undefined;

/**
 * Compiles every schema once per process. `useDefaults` fills declared defaults, so what leaves
 * the validator is the complete, normalised object the runtime's types promise.
 */
export function getValidators(): Record<DocumentKind, ValidateFunction> {
  return (validators ??= compileValidators());
}

/** A fresh compile, uncached: the benchmark measures it; everything else calls getValidators(). */
export function compileValidators(): Record<DocumentKind, ValidateFunction> {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    discriminator: true,
    useDefaults: true,
    strict: true,
    // The discriminated MenuItem requires "type" without declaring it: each branch does.
    strictRequired: false,
    code: { process: appendErrorsInPlace },
  });
  addFormats(ajv, ['email']);
  for (const schema of ALL_SCHEMAS) ajv.addSchema(schema as object);
  const compile = (kind: DocumentKind) => ajv.getSchema(ROOT_SCHEMA_ID[kind])!;
  return { locale: compile('locale'), markets: compile('markets'), flags: compile('flags') };
}

/**
 * With allErrors, Ajv's generated code collects a called subschema's errors with
 * `vErrors = vErrors === null ? f.errors : vErrors.concat(f.errors)`, which copies every error found so
 * far on each call: quadratic, so 20,000 invalid nav items held the event loop for 4.7 s
 * (server/http/hostile-bodies.hardening.test.ts). Appending in place keeps it linear. The test in
 * ajv-instance.test.ts fails if Ajv's generated code stops matching.
 */
export function appendErrorsInPlace(code: string): string {
  return code.replace(
    /vErrors = vErrors === null \? ([\w$.]+) : vErrors\.concat\(\1\);/g,
    'if (vErrors === null) vErrors = $1.slice(); else for (const e of $1) vErrors.push(e);',
  );
}
