import { ACCESS_IDS } from '../validation/registries';
import { registryCompletionAt } from './registry-completion';

const registry = {
  flags: [
    { id: 'newDashboard', description: 'The new dashboard pages.', default: false },
    { id: 'paymentMethodScreens' },
  ],
};

/** The text with the caret marker | removed, and the caret's offset. */
function at(textWithCaret: string) {
  const offset = textWithCaret.indexOf('|');
  return { text: textWithCaret.replace('|', ''), offset };
}

describe('registryCompletionAt', () => {
  it('offers the flags.json ids at the value of a rule\'s "flag" key, replacing the string being typed', () => {
    const { text, offset } = at('{"header": {"public": {"navItems": [{"id": "x", "visibility": {"flag": "new|"}}]}}}');
    const result = registryCompletionAt(text, offset, registry);
    expect(result?.key).toBe('flag');
    expect(result?.suggestions.map((s) => s.insertText)).toEqual(['"newDashboard"', '"paymentMethodScreens"']);
    expect(result?.suggestions[0]).toMatchObject({
      detail: 'feature flag (flags.json), default off',
      documentation: 'The new dashboard pages.',
    });
    expect(text.slice(result!.start, result!.end)).toBe('"new"');
  });

  it('offers every access id, grouped, inside nested rules, also before a value is typed', () => {
    const { text, offset } = at('{"footer": {"columns": [{"visibility": {"all": [{"not": {"access": |}}]}}]}}');
    const result = registryCompletionAt(text, offset, registry);
    expect(result?.key).toBe('access');
    expect(result?.suggestions.map((s) => s.label)).toEqual([...ACCESS_IDS]);
    expect(result?.suggestions[0]?.detail).toBe('Product-access flags (access.schema.json)');
    expect(result?.start).toBe(offset);
  });

  it("stays out of the way elsewhere: keys, other values, and markets.json's flag icon codes", () => {
    const cases = [
      '{"visibility": {"fl|": "x"}}',
      '{"visibility": {"customerType": "|"}}',
      '{"markets": [{"id": "de", "flag": "d|"}]}',
      '{"visibility": {"flag": 1|2}}',
    ];
    for (const c of cases) {
      const { text, offset } = at(c);
      expect(registryCompletionAt(text, offset, registry), c).toBeNull();
    }
  });
});
