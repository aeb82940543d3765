import { readFileSync } from 'node:fs';
import { get } from 'react-hook-form';
import type { Problem } from '../../schemas/validator';
import {
  countErrors,
  errorsUnder,
  fieldNameForProblem,
  problemsToFieldErrors,
  sharedValidatorResolver,
} from './form-resolver';
import { buildContext } from './validate-text';

const values = {
  header: { public: { navItems: [{ id: 'a', title: '', subMenus: { main: [] } }] } },
  accountMenu: { items: [{ id: 'x', title: 'X', href: '/x' }], reducedItemIds: ['x'] },
};
const problem = (pointer: string, message: string, code: Problem['code'] = 'schema', hint?: string): Problem => ({
  code,
  file: 'draft it-IT',
  line: 1,
  column: 1,
  pointer,
  message,
  ...(hint ? { hint } : {}),
});

describe('mapping validator problems to form fields', () => {
  it('names a value by its pointer, an object or list by <name>.root, a missing key by the field that would hold it', () => {
    expect(
      fieldNameForProblem(problem('/header/public/navItems/0/title', 'must NOT have fewer than 1 characters'), values),
    ).toBe('header.public.navItems.0.title');
    expect(
      fieldNameForProblem(
        problem('/header/public/navItems/0', 'a nav item needs exactly one of href or subMenus'),
        values,
      ),
    ).toBe('header.public.navItems.0.root');
    expect(fieldNameForProblem(problem('/header/public/navItems/0/subMenus/main', 'x'), values)).toBe(
      'header.public.navItems.0.subMenus.main.root',
    );
    expect(fieldNameForProblem(problem('/accountMenu/items/0', 'missing required key "icon"'), values)).toBe(
      'accountMenu.items.0.icon',
    );
    expect(fieldNameForProblem(problem('', 'missing required key "footer"'), values)).toBe('footer');
    expect(fieldNameForProblem(problem('', 'whole document'), values)).toBe('root');
  });

  it('builds RHF errors with message and hint; several problems at one field share it', () => {
    const errors = problemsToFieldErrors(
      [
        problem('/header/public/navItems/0/title', 'too short', 'schema', 'write a label'),
        problem('/header/public/navItems/0/title', 'also bad'),
        problem('/accountMenu/reducedItemIds/0', 'not an item', 'unknown-reduced-id'),
      ],
      values,
    );
    expect(get(errors, 'header.public.navItems.0.title')).toEqual({
      type: 'schema',
      message: 'too short (write a label); also bad',
    });
    expect(get(errors, 'accountMenu.reducedItemIds.0')).toEqual({ type: 'unknown-reduced-id', message: 'not an item' });
    expect(countErrors(errors)).toBe(2);
    expect(countErrors(get(errors, 'header'))).toBe(1);
    expect(countErrors(get(errors, 'footer'))).toBe(0);
    expect(errorsUnder(get(errors, 'header.public'))).toEqual([
      { name: 'navItems.0.title', message: 'too short (write a label); also bad' },
    ]);
  });
});

describe('sharedValidatorResolver', () => {
  const flags = JSON.parse(readFileSync('config/flags.json', 'utf8')) as unknown;
  const context = { documentId: 'it-IT' as const, crossFile: buildContext(flags, ['it-IT']) };
  const valid = JSON.parse(readFileSync('config/it-IT.json', 'utf8')) as {
    header: { public: { navItems: Record<string, unknown>[] } };
  };

  it('passes a valid document through', async () => {
    expect(await sharedValidatorResolver(valid, context, { fields: {}, shouldUseNativeValidation: false })).toEqual({
      values: valid,
      errors: {},
    });
  });

  it("reports schema and cross-file problems at their fields, with the validator's messages", async () => {
    const draft = structuredClone(valid);
    draft.header.public.navItems[0]!.title = '';
    draft.header.public.navItems[1]!.visibility = { flag: 'newDashbord' };
    const result = await sharedValidatorResolver(draft, context, { fields: {}, shouldUseNativeValidation: false });
    expect(result.values).toEqual({});
    expect(get(result.errors, 'header.public.navItems.0.title')).toMatchObject({
      type: 'schema',
      message: 'must not be empty (enter a text or remove the key)',
    });
    expect(get(result.errors, 'header.public.navItems.1.visibility.flag')).toMatchObject({
      type: 'unknown-flag',
      message: expect.stringContaining('newDashbord'),
    });
  });
});
