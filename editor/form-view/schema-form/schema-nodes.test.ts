import localeConfigSchema from '../../../schemas/locale-config.schema.json';
import { CONFIG_IDS } from '../../../schemas/locale-registry';
import {
  childSchema,
  constraintText,
  describeItem,
  enumValues,
  fieldKind,
  labelFor,
  MENU_ITEM_REF,
  resolveSchema,
  RULE_REF,
  schemaAtPath,
  skeleton,
} from './schema-nodes';

const at = (...path: string[]) => schemaAtPath('locale', path)!;

describe('schema nodes', () => {
  it('follows $refs across files, keeping the description written beside the $ref', () => {
    const copy = at('strings', 'header', 'copy');
    expect(copy.ref).toBe('locale-config.schema.json#/$defs/Text');
    expect(copy.node).toMatchObject({ type: 'string', minLength: 1, maxLength: 300 });
    expect(copy.node.description).toMatch(/^Names a copy button/);
    expect(at('seo', 'opengraph', 'imageUrl').ref).toBe('common.schema.json#/$defs/ImageUrl');
  });

  it('classifies every kind the form draws', () => {
    expect(fieldKind(at('seo', 'metaTitle'))).toBe('text');
    expect(fieldKind(at('seo', 'metaRobots'))).toBe('enum');
    expect(fieldKind(at('footer', 'reviewStrip', 'scoreValue'))).toBe('number');
    expect(fieldKind(at('footer', 'reviewStrip', 'countOfReviews'))).toBe('number');
    expect(fieldKind(at('footer', 'mobileBanner', 'display'))).toBe('boolean');
    expect(fieldKind(at('seo'))).toBe('object');
    expect(fieldKind(at('registerFlows'))).toBe('objectList');
    expect(fieldKind(at('accountMenu', 'reducedItemIds'))).toBe('valueList');
    expect(fieldKind(at('header', 'public', 'navItems', '0', 'visibility'))).toBe('rule');
    expect(at('header', 'public', 'navItems', '0', 'visibility').ref).toBe(RULE_REF);
    expect(fieldKind(at('header', 'public', 'navItems', '0', 'subMenus', 'main'))).toBe('objectList');
    expect(at('header', 'public', 'navItems', '0', 'subMenus', 'main', '0').ref).toBe(MENU_ITEM_REF);
    expect(fieldKind(schemaAtPath('markets', ['markets', '0', 'names'])!)).toBe('map');
    expect(fieldKind(resolveSchema({ type: 'null' }, 'common.schema.json'))).toBe('unsupported');
  });

  it('reads enums, the registry-filled ones included', () => {
    expect(enumValues(at('tagManager', 'marketGroup'))).toEqual(['de-at', 'other', 'us']);
    expect(enumValues(at('locale'))).toEqual([...CONFIG_IDS]);
    // AccessId is an anyOf of enums: one list.
    expect(
      enumValues(resolveSchema({ $ref: 'access.schema.json#/$defs/AccessId' }, 'common.schema.json'))!.length,
    ).toBeGreaterThan(10);
  });

  it('returns undefined for a key the schema does not have', () => {
    expect(childSchema(at('seo'), 'nope')).toBeUndefined();
    expect(schemaAtPath('locale', ['seo', 'nope', 'deeper'])).toBeUndefined();
  });

  it('labels from titles or property names', () => {
    expect(labelFor('metaTitle')).toBe('Meta title');
    expect(labelFor('appStoreUrl')).toBe('App store URL');
    expect(labelFor('settingsId')).toBe('Settings id');
    expect(labelFor('$schema')).toBe('Schema reference (for JSON editors)');
    expect(labelFor('x', { title: 'Given' })).toBe('Given');
  });

  it('says the limits in words', () => {
    expect(constraintText(at('seo', 'metaTitle').node)).toBe('1–70 characters.');
    expect(constraintText(at('footer', 'reviewStrip', 'scoreValue').node)).toBe('From 0 to 5.');
    expect(constraintText(at('footer', 'usContactBanner', 'email', 'address').node)).toBe('An e-mail address.');
    expect(constraintText(at('footer', 'reviewStrip', 'display').node)).toBeUndefined();
    // The shared Label / Text limits are not repeated under every text.
    expect(constraintText(at('strings', 'header', 'logout').node)).toBeUndefined();
  });

  it('builds the value an Add button creates from the required keys', () => {
    expect(skeleton(at('footer', 'usContactBanner'))).toEqual({
      display: false,
      email: { address: '', linkText: '' },
      phone: { number: '', linkText: '' },
      availability: '',
    });
    expect(skeleton(at('registerFlows', '0'))).toEqual({ regflow: '', partnerName: '', logo: { url: '', alt: '' } });
    expect(skeleton(at('footer', 'reviewStrip'))).toMatchObject({ scoreValue: 0, countOfReviews: 0 });
    expect(skeleton(at('tagManager'))).toEqual({ marketGroup: 'de-at' });
  });

  it('names a list item by its first naming key', () => {
    expect(describeItem({ regflow: 'check24', partnerName: 'Check24' }, 0)).toBe('Check24');
    expect(describeItem({}, 2)).toBe('Item 3');
  });

  it('knows every top-level key of the locale schema', () => {
    for (const key of Object.keys(localeConfigSchema.properties)) expect(fieldKind(at(key))).not.toBe('unsupported');
  });
});
