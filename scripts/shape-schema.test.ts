import { ALL_SCHEMAS } from '../schemas/validator/ajv-instance';
import { deriveShapeSchema } from './shape-schema';

const root = (id: string, body: object) => ({ $id: `https://schemas.portal-shell.dev/${id}`, ...body });
const documents = (locale: object) => [
  root('locale-config.schema.json', locale),
  root('markets.schema.json', { type: 'object' }),
  root('flags.schema.json', { type: 'object' }),
];

describe('deriveShapeSchema', () => {
  it('keeps types, required keys, enums and item types; drops content rules, annotations and the ban on unknown keys', () => {
    const shape = deriveShapeSchema(
      documents({
        type: 'object',
        description: 'a locale',
        additionalProperties: false,
        required: ['basePath'],
        properties: {
          basePath: { type: 'string', pattern: '^/', minLength: 2, default: '/' },
          // A property named like a keyword is a property, not a keyword.
          default: { type: 'boolean' },
          tags: { type: 'array', minItems: 1, items: { enum: ['a', 'b'] } },
          labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 9 } },
        },
      }),
    );
    expect(shape.roots).toEqual({ locale: 'localeDocument', markets: 'marketsDocument', flags: 'flagsDocument' });
    expect(shape.$defs.localeDocument).toEqual({
      type: 'object',
      required: ['basePath'],
      properties: {
        basePath: { type: 'string' },
        default: { type: 'boolean' },
        tags: { type: 'array', minItems: 1, items: { enum: ['a', 'b'] } },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      },
    });
  });

  it('points every $ref at the one $defs, across files', () => {
    const shape = deriveShapeSchema([
      root('common.schema.json', { $defs: { Id: { type: 'string', pattern: '^[a-z]+$' } } }),
      ...documents({ type: 'object', properties: { id: { $ref: 'common.schema.json#/$defs/Id' } } }),
    ]);
    expect(shape.$defs.Id).toEqual({ type: 'string' });
    expect(shape.$defs.localeDocument!.properties).toEqual({ id: { $ref: '#/$defs/Id' } });
  });

  it('refuses a keyword it neither keeps nor drops, naming where it is and what to decide', () => {
    expect(() =>
      deriveShapeSchema(documents({ type: 'object', properties: { a: { if: { type: 'string' } } } })),
    ).toThrow(
      /locale-config\.schema\.json#\/properties\/a uses "if", which scripts\/shape-schema\.ts neither keeps nor drops/,
    );
  });

  it('refuses a list of types, which the runtime reader does not handle', () => {
    expect(() => deriveShapeSchema(documents({ type: ['object', 'null'] }))).toThrow(/has a list of types/);
  });

  it('refuses two definitions with one name', () => {
    expect(() =>
      deriveShapeSchema([
        root('a.schema.json', { $defs: { Id: {} } }),
        root('b.schema.json', { $defs: { Id: {} } }),
        ...documents({}),
      ]),
    ).toThrow(/two definitions are named "Id"/);
  });

  it('derives from the project’s schemas', () => {
    expect(Object.keys(deriveShapeSchema(ALL_SCHEMAS).$defs).length).toBeGreaterThan(20);
  });
});
