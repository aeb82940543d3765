import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import localeConfigSchema from '../../schemas/locale-config.schema.json';
import { draftStore } from '../store/draft-store';
import { buildContext } from '../validation/validate-text';
import { flagOptionsFrom } from '../validation/registries';
import type { FieldTarget } from './field-target';
import { useFormUi } from './form-ui-store';
import FormView from './FormView';
import { convertMenuItem, MENU_ITEM_TYPES } from './menu-item-types';
import { MENU_ITEM_FORMS } from './menu-items';

const flagsDoc = JSON.parse(readFileSync('config/flags.json', 'utf8')) as unknown;
const registry = { flags: flagOptionsFrom(flagsDoc) };
const crossFile = buildContext(flagsDoc, ['it-IT']);
const seed = readFileSync('config/it-IT.json', 'utf8');

type Doc = { header: { public: { navItems: Record<string, unknown>[] } } };
const storeValue = () => draftStore.getState().value as Doc;

function renderForm(text = seed, options: { readOnly?: boolean } = {}) {
  draftStore.getState().load('it-IT', text);
  let target: FieldTarget | null = null;
  const view = render(
    <ChakraProvider value={defaultSystem}>
      <FormView documentId="it-IT" readOnly={options.readOnly ?? false} registry={registry} crossFile={crossFile} onReady={(t) => (target = t)} />
    </ChakraProvider>,
  );
  return { ...view, target: () => target };
}

/** Opens the groups named, in order (each a toggle button). */
async function open(...names: (string | RegExp)[]) {
  for (const name of names) await userEvent.click(await screen.findByRole('button', { name, expanded: false }));
}


beforeEach(() => {
  draftStore.getState().reset();
  useFormUi.setState({ documentId: null, open: {}, focus: null });
});

describe('form view', { timeout: 60_000 }, () => {
  it('writes every keystroke to the store as a minimal edit of the text', async () => {
    // A clock that stands still: the keystrokes fall in one merge window however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    renderForm();
    await open(/^Header/, /Public header/, /^Risparmio/);
    const title = within(screen.getByRole('group', { name: /^Risparmio/ })).getAllByLabelText('Title')[0]!;
    await userEvent.type(title, '!');
    expect(storeValue().header.public.navItems[0]!.title).toBe('Risparmio!');
    expect(draftStore.getState().text).toBe(seed.replace('"title": "Risparmio"', '"title": "Risparmio!"'));
    await userEvent.type(title, '?');
    expect(draftStore.getState().text).toContain('"title": "Risparmio!?"');
    // Typed within the merge window: one undo step.
    expect(draftStore.getState().past).toHaveLength(1);
  });

  it('reorders with the move buttons (one undo step each); undo from outside resets the form', async () => {
    renderForm();
    await open(/^Header/, /Public header/);
    const list = screen.getByRole('region', { name: 'Navigation items' });
    await userEvent.click(within(list).getByRole('button', { name: 'Move Come funziona up' }));
    expect(storeValue().header.public.navItems.map((i) => i.id)).toEqual(['info', 'risparmio']);
    expect(within(list).getAllByRole('button', { name: /^Move .* down$/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Move Come funziona down', 'Move Risparmio down']);
    act(() => draftStore.getState().undo());
    await waitFor(() => expect(within(list).getAllByRole('button', { name: /^Move .* down$/ })[0]).toHaveAccessibleName('Move Risparmio down'));
    expect(draftStore.getState().text).toBe(seed);
  });

  it('adds and removes items, each one undo step', async () => {
    renderForm();
    await open(/^Header/, /Public header/);
    const list = screen.getByRole('region', { name: 'Action items' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Accedi' }));
    expect((storeValue().header.public as unknown as { actionItems: { id: string }[] }).actionItems.map((a) => a.id)).toEqual(['register']);
    await userEvent.click(within(list).getByRole('button', { name: 'Add action item' }));
    expect((storeValue().header.public as unknown as { actionItems: { id: string }[] }).actionItems.map((a) => a.id)).toEqual(['register', 'new-action']);
    expect(draftStore.getState().past).toHaveLength(2);
  });

  it('shows each problem at its field, and marks every collapsed group that contains one', async () => {
    const broken = JSON.parse(seed) as Doc;
    broken.header.public.navItems[0]!.title = '';
    broken.header.public.navItems[1]!.visibility = { flag: 'newDashbord' };
    renderForm(`${JSON.stringify(broken, null, 2)}\n`);
    // Collapsed: the mark is on the group's button, the groups without problems have none.
    expect(await screen.findByRole('button', { name: 'Header 2 problems', expanded: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Footer', expanded: false })).toBeInTheDocument();
    await open(/^Header/);
    expect(screen.getByRole('button', { name: /Public header.*2 problems/ })).toBeInTheDocument();
    await open(/Public header/);
    expect(screen.getByRole('button', { name: /risparmio 1 problem$/ })).toBeInTheDocument();
    await open(/risparmio 1 problem/);
    const title = screen.getAllByLabelText('Title')[0]!;
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('must not be empty (enter a text or remove the key)')).toBeInTheDocument();
  });

  it('goes to a problem\'s field: opens the groups on the way and focuses it', async () => {
    const broken = JSON.parse(seed) as Doc;
    broken.header.public.navItems[1]!.visibility = { flag: 'newDashbord' };
    const { target } = renderForm(`${JSON.stringify(broken, null, 2)}\n`);
    await screen.findByRole('button', { name: /^Header/ });
    act(() => target()!.goTo('/header/public/navItems/1/visibility/flag'));
    const flag = await screen.findByRole('combobox', { name: 'Flag' });
    await waitFor(() => expect(flag).toHaveFocus());
    expect(flag).toHaveValue('newDashbord');
    expect(within(flag).getByRole('option', { name: 'newDashbord (not in flags.json)' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Problems in this rule' })).toHaveTextContent('flag: rule names unknown flag "newDashbord"');
  });

  it('builds visibility rules from the registries: flags.json ids and access.schema.json ids', async () => {
    renderForm();
    await open(/^Header/, /Public header/, /^Risparmio/);
    const item = screen.getByRole('group', { name: /^Risparmio/ });
    const kind = within(item).getAllByRole('combobox', { name: 'Visible when' })[0]!;
    await userEvent.selectOptions(kind, 'flag');
    const flag = within(item).getByRole('combobox', { name: 'Flag' });
    expect(within(flag).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(registry.flags.map((f) => f.id));
    await userEvent.selectOptions(flag, registry.flags[2]!.id);
    expect(storeValue().header.public.navItems[0]!.visibility).toEqual({ flag: registry.flags[2]!.id });

    await userEvent.selectOptions(kind, 'any');
    const first = within(item).getByRole('combobox', { name: 'Condition 1 (or)' });
    await userEvent.selectOptions(first, 'access');
    const access = within(item).getByRole('combobox', { name: 'Access' });
    expect(within(access).getAllByRole('group').map((g) => g.getAttribute('label'))).toEqual(['Product-access flags', 'Product types', 'Deposit access', 'Other access']);
    await userEvent.selectOptions(access, 'term_deposit');
    expect(storeValue().header.public.navItems[0]!.visibility).toEqual({ any: [{ access: 'term_deposit' }] });
    await userEvent.selectOptions(kind, '');
    expect(storeValue().header.public.navItems[0]).not.toHaveProperty('visibility');
  });

  it('switches a menu item type, keeping the keys both types have', async () => {
    renderForm();
    await open(/^Header/, /Public header/, /^Risparmio/, /^Dropdown/, /Conto deposito vincolato · advanced/);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Item type' }), 'arrow');
    const main = (storeValue().header.public.navItems[0]!.subMenus as { main: unknown[] }).main;
    expect(main[0]).toEqual({ type: 'arrow', id: 'conto-deposito-vincolato', title: 'Conto deposito vincolato', href: '/conto-deposito-vincolato/' });
    expect(screen.queryByLabelText('Description')).not.toBeInTheDocument();
  });

  it('shows "fix the JSON first" with the parse error instead of a form over unparsable text', () => {
    renderForm('{\n  "locale": "it-IT",\n');
    expect(screen.getByRole('alert')).toHaveTextContent(/Fix the JSON first.*Line 3/);
    expect(draftStore.getState().text).toBe('{\n  "locale": "it-IT",\n');
  });

  it('is read-only for viewers: fields cannot change, no add, move or remove', async () => {
    renderForm(seed, { readOnly: true });
    await open(/^Header/, /Public header/, /^Risparmio/);
    expect(screen.getAllByLabelText('Title')[0]).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: /^(Add|Remove|Move)/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('combobox', { name: 'Visible when' })[0]).toBeDisabled();
  });
});

describe('menu item types', () => {
  it('has one form per type of the schema\'s MenuItem.oneOf (the map mirrors the schema)', () => {
    const schemaTypes = localeConfigSchema.$defs.MenuItem.oneOf.map((b) => b.$ref.split('/').pop()!.replace(/Item$/, '').toLowerCase());
    expect(MENU_ITEM_TYPES).toEqual(schemaTypes);
    expect(Object.keys(MENU_ITEM_FORMS).sort()).toEqual([...schemaTypes].sort());
  });

  it('converts between types: shared keys kept, missing required ones empty, others dropped', () => {
    expect(convertMenuItem({ type: 'text', id: 'a', title: 'A', description: 'd', groupName: 'g' }, 'image')).toEqual({ type: 'image', id: 'a', title: 'A', imageUrl: '', description: 'd' });
    expect(() => convertMenuItem({}, 'nope' as never)).toThrow('No menu item type "nope" in the schema.');
  });
});
