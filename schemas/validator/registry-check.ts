import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { LocaleRegistry } from '../generated/config-types';
import { languageOf } from '../locale-registry';
import localesSchema from '../locales.schema.json';
import type { Problem } from './problem';
import { describeSchemaErrors } from './schema-messages';
import { parseJsonWithPositions, SourceMap } from './source-map';

/** The registry's file name inside a config directory (docs/config-format.md#locale-registry). */
export const REGISTRY_FILE_NAME = 'locales.json';

let validate: ValidateFunction | undefined;

/**
 * Checks config/locales.json: its schema, then what a schema cannot say. The code reads the registry at build
 * time (schemas/locale-registry.ts), so a mistake here would otherwise surface as a wrong mapping at run time.
 * `configFiles` are the locale config ids present beside it; every listed locale needs its file.
 */
export function checkLocaleRegistry(file: string, text: string, configFiles?: ReadonlySet<string>): Problem[] {
  const parsed = parseJsonWithPositions(text);
  if (parsed.error) {
    const { line, column, message } = parsed.error;
    return [
      { code: 'json-syntax', file, line, column, pointer: '', message, hint: 'fix the JSON syntax at this position' },
    ];
  }
  const map = new SourceMap(text);
  const problem = (pointer: string, message: string, hint: string): Problem => ({
    code: 'locale-registry',
    file,
    ...map.locate(pointer),
    pointer,
    message,
    hint,
  });
  validate ??= new Ajv2020({ allErrors: true, strict: true }).compile(localesSchema);
  if (!validate(parsed.value)) {
    return describeSchemaErrors(validate.errors ?? []).findings.map((f) => ({
      code: 'schema',
      file,
      ...map.locate(f.pointer, { key: f.atKey }),
      pointer: f.pointer,
      message: f.message,
      ...(f.hint ? { hint: f.hint } : {}),
    }));
  }
  const registry = parsed.value as LocaleRegistry;
  const problems: Problem[] = [];
  const seenIds = new Map<string, number>();
  const seenEndings = new Map<string, string>();
  registry.locales.forEach((entry, index) => {
    const at = `/locales/${index}`;
    const first = seenIds.get(entry.id);
    if (first !== undefined) {
      // Its other fields would only repeat the first entry's findings.
      problems.push(
        problem(
          `${at}/id`,
          `locale "${entry.id}" is listed twice`,
          `remove this entry or the one at /locales/${first}`,
        ),
      );
      return;
    }
    seenIds.set(entry.id, index);
    const language = languageOf(entry.id);
    if (!Object.hasOwn(registry.languages, language))
      problems.push(
        problem(
          `${at}/id`,
          `locale "${entry.id}" has language "${language}", which has no entry in /languages`,
          `add "${language}": { "pageContent": …, "fallback": { "logoAlt": …, "home": … } } to /languages`,
        ),
      );
    entry.hostEndings.forEach((ending, i) => {
      const owner = seenEndings.get(ending);
      if (owner !== undefined)
        problems.push(
          problem(
            `${at}/hostEndings/${i}`,
            `host ending "${ending}" is also listed by ${owner}`,
            'a host ending names one language: keep it on one locale',
          ),
        );
      else seenEndings.set(ending, entry.id);
    });
    if (configFiles && !configFiles.has(entry.id))
      problems.push(
        problem(
          `${at}/id`,
          `locale "${entry.id}" has no config file ${entry.id}.json`,
          `add ${entry.id}.json beside ${REGISTRY_FILE_NAME} (copy another locale's and edit it), or remove this entry`,
        ),
      );
  });
  if (!seenIds.has(registry.loginFallback))
    problems.push(
      problem(
        '/loginFallback',
        `the login fallback "${registry.loginFallback}" is not a listed locale`,
        `name one of: ${[...seenIds.keys()].join(', ')}`,
      ),
    );
  if (!seenIds.has(registry.accountMenuFallback))
    problems.push(
      problem(
        '/accountMenuFallback',
        `the account-menu fallback "${registry.accountMenuFallback}" is not a listed locale`,
        `name one of: ${[...seenIds.keys()].join(', ')}`,
      ),
    );
  return problems;
}
