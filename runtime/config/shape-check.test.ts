import Ajv2020 from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import shapeSchema from '../../schemas/generated/shape-schema.json';
import { DOCUMENT_IDS, documentKind, validateDocument, type DocumentId } from '../../schemas/validator/index';
import { findShapeProblem } from './shape-check';

/** What the config service publishes for a seed file: the validator's default-filled document. */
function published(id: DocumentId): Record<string, unknown> {
  const text = readFileSync(fileURLToPath(new URL(`../../config/${id}.json`, import.meta.url)), 'utf8');
  const { value, problems } = validateDocument({ id, file: `config/${id}.json`, text });
  expect(problems).toEqual([]);
  return structuredClone(value) as Record<string, unknown>;
}

describe('findShapeProblem', () => {
  it.each(DOCUMENT_IDS)('accepts the published %s document', (id) => {
    expect(findShapeProblem(documentKind(id), published(id))).toBeUndefined();
  });

  it('refuses an empty object as a locale config, naming the first missing property', () => {
    expect(findShapeProblem('locale', {})).toEqual({
      pointer: '',
      message: "(document) must have required property 'locale'",
    });
  });

  it('refuses footer: null, pointing at /footer', () => {
    expect(findShapeProblem('locale', { ...published('de-DE'), footer: null })).toEqual({
      pointer: '/footer',
      message: '/footer must be object',
    });
  });

  it('refuses a locale config without strings', () => {
    const { strings: _strings, ...config } = published('de-DE');
    expect(findShapeProblem('locale', config)?.message).toBe("(document) must have required property 'strings'");
  });

  it('refuses a document that is not an object at all', () => {
    expect(findShapeProblem('locale', 'garbage')?.message).toBe('(document) must be object');
    expect(findShapeProblem('markets', [])?.message).toBe('(document) must be object');
  });

  it('names the item-type branch a menu item should have matched, with the allowed types', () => {
    const config = published('de-DE') as {
      header: { public: { navItems: { subMenus: { main: { type: string }[] } }[] } };
    };
    config.header.public.navItems[0]!.subMenus.main[0]!.type = 'carousel';
    const problem = findShapeProblem('locale', config);
    expect(problem?.pointer).toBe('/header/public/navItems/0/subMenus/main/0/type');
    expect(problem?.message).toMatch(
      /^\/header\/public\/navItems\/0\/subMenus\/main\/0\/type must be one of "[a-z]+"(, "[a-z]+")+$/,
    );
  });

  it('reports a wrong field inside the matching item type with its own pointer', () => {
    const config = published('de-DE') as { header: { public: { navItems: { title: unknown }[] } } };
    config.header.public.navItems[0]!.title = 7;
    expect(findShapeProblem('locale', config)).toEqual({
      pointer: '/header/public/navItems/0/title',
      message: '/header/public/navItems/0/title must be string',
    });
  });

  it('ignores content rules and unknown keys: the validator enforced those at publish time', () => {
    const config = {
      ...published('de-DE'),
      basePath: 'no leading slash',
      currency: 'euro',
      addedByANewerSchema: { any: 'thing' },
    };
    expect(findShapeProblem('locale', config)).toBeUndefined();
  });

  it('agrees with Ajv on the same shape schema for every single-node mutation of three documents', () => {
    const ajv = new Ajv2020({ discriminator: true, strict: false, allErrors: false });
    const validators = { locale: 'locale', markets: 'markets', flags: 'flags' } as const;
    const compiled = Object.fromEntries(
      Object.entries(validators).map(([kind]) => [
        kind,
        ajv.compile({
          ...shapeSchema,
          roots: undefined,
          $ref: `#/$defs/${shapeSchema.roots[kind as keyof typeof validators]}`,
        }),
      ]),
    );
    const replacements: unknown[] = [null, {}, [], 1.5, 'x'];
    let cases = 0;
    const disagreements: string[] = [];
    for (const id of ['de-DE', 'markets', 'flags'] as const) {
      const kind = documentKind(id);
      const document = published(id);
      const compare = (label: string) => {
        cases += 1;
        const ours = findShapeProblem(kind, document) === undefined;
        const theirs = compiled[kind]!(document) as boolean;
        if (ours !== theirs) disagreements.push(`${id} ${label}: ours ${ours}, Ajv ${theirs}`);
      };
      const visit = (parent: Record<string, unknown> | unknown[], path: string) => {
        for (const key of Object.keys(parent)) {
          const container = parent as Record<string, unknown>;
          const original = container[key];
          for (const replacement of replacements) {
            container[key] = replacement;
            compare(`${path}/${key} = ${JSON.stringify(replacement)}`);
          }
          if (!Array.isArray(parent)) {
            delete container[key];
            compare(`${path}/${key} deleted`);
          }
          container[key] = original;
          if (original && typeof original === 'object') visit(original as Record<string, unknown>, `${path}/${key}`);
        }
      };
      visit(document, '');
    }
    console.log(
      `shape check vs Ajv: ${cases} mutated documents, ${cases - disagreements.length} agree, ${disagreements.length} disagree`,
    );
    expect(disagreements.slice(0, 10)).toEqual([]);
    expect(cases).toBeGreaterThan(1000);
  });
});
