import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import localeConfigSchema from '../../schemas/locale-config.schema.json';
import type { Problem } from '../../schemas/validator';
import { draftStore } from '../store/draft-store';
import { buildContext } from '../validation/validate-text';
import { flagOptionsFrom } from '../validation/registries';
import type { FieldTarget } from './field-target';
import { useFormUi } from './form-ui-store';
import FormView from './FormView';
import { convertMenuItem, MENU_ITEM_TYPES } from './menu-item-types';
import { MENU_ITEM_FORMS } from './menu-items';
import { LOCALE_SECTIONS } from './LocaleForm';

const flagsDoc = JSON.parse(readFileSync('config/flags.json', 'utf8')) as unknown;
const registry = { flags: flagOptionsFrom(flagsDoc) };
const crossFile = buildContext(flagsDoc, ['it-IT']);
const seed = readFileSync('config/it-IT.json', 'utf8');

type Doc = { header: { public: { navItems: Record<string, unknown>[] } } };
const storeValue = () => draftStore.getState().value as Doc;

function renderForm(text = seed, options: { readOnly?: boolean; problems?: readonly Problem[] } = {}) {
  draftStore.getState().load('it-IT', text);
  let target: FieldTarget | null = null;
  const view = render(
    <ChakraProvider value={defaultSystem}>
      <FormView
        documentId="it-IT"
        readOnly={options.readOnly ?? false}
        registry={registry}
        crossFile={crossFile}
        onReady={(t) => (target = t)}
        problems={options.problems}
      />
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
    await open(/Public header/, /^Risparmio/);
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
    await open(/Public header/);
    const list = screen.getByRole('region', { name: 'Navigation items' });
    await userEvent.click(within(list).getByRole('button', { name: 'Move Come funziona up' }));
    expect(storeValue().header.public.navItems.map((i) => i.id)).toEqual(['info', 'risparmio']);
    expect(
      within(list)
        .getAllByRole('button', { name: /^Move .* down$/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Move Come funziona down', 'Move Risparmio down']);
    act(() => draftStore.getState().undo());
    await waitFor(() =>
      expect(within(list).getAllByRole('button', { name: /^Move .* down$/ })[0]).toHaveAccessibleName(
        'Move Risparmio down',
      ),
    );
    expect(draftStore.getState().text).toBe(seed);
  });

  it('adds and removes items, each one undo step', async () => {
    renderForm();
    await open(/Public header/);
    const list = screen.getByRole('region', { name: 'Action items' });
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Accedi' }));
    expect(
      (storeValue().header.public as unknown as { actionItems: { id: string }[] }).actionItems.map((a) => a.id),
    ).toEqual(['register']);
    await userEvent.click(within(list).getByRole('button', { name: 'Add action item' }));
    expect(
      (storeValue().header.public as unknown as { actionItems: { id: string }[] }).actionItems.map((a) => a.id),
    ).toEqual(['register', 'new-action']);
    expect(draftStore.getState().past).toHaveLength(2);
  });

  it('shows each problem at its field, and marks every collapsed group that contains one', async () => {
    const broken = JSON.parse(seed) as Doc;
    broken.header.public.navItems[0]!.title = '';
    broken.header.public.navItems[1]!.visibility = { flag: 'newDashbord' };
    renderForm(`${JSON.stringify(broken, null, 2)}\n`);
    // Collapsed: the mark is on the group's button, the groups without problems have none.
    // The tabs carry the count of their part; the groups and list rows on the way carry theirs.
    expect(await screen.findByRole('tab', { name: 'Header 2 problems' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Footer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Public header.*2 problems/, expanded: false })).toBeInTheDocument();
    await open(/Public header/);
    expect(screen.getByRole('button', { name: /risparmio 1 problem$/ })).toBeInTheDocument();
    await open(/risparmio 1 problem/);
    const title = screen.getAllByLabelText('Title')[0]!;
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('must not be empty (enter a text or remove the key)')).toBeInTheDocument();
  });

  it("goes to a problem's field: opens the groups on the way and focuses it", async () => {
    const broken = JSON.parse(seed) as Doc;
    broken.header.public.navItems[1]!.visibility = { flag: 'newDashbord' };
    const { target } = renderForm(`${JSON.stringify(broken, null, 2)}\n`);
    await screen.findByRole('tab', { name: /^Header/ });
    act(() => target()!.goTo('/header/public/navItems/1/visibility/flag'));
    const flag = await screen.findByRole('combobox', { name: 'Flag' });
    await waitFor(() => expect(flag).toHaveFocus());
    expect(flag).toHaveValue('newDashbord');
    expect(within(flag).getByRole('option', { name: 'newDashbord (not in flags.json)' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Problems in this rule' })).toHaveTextContent(
      'flag: rule names unknown flag "newDashbord"',
    );
  });

  it('goes to a field as soon as the form is ready (a ?at= link), and from one list item to another', async () => {
    useFormUi.setState({ documentId: 'de-DE' });
    draftStore.getState().load('it-IT', seed);
    render(
      <ChakraProvider value={defaultSystem}>
        <FormView
          documentId="it-IT"
          readOnly={false}
          registry={registry}
          crossFile={crossFile}
          onReady={(t) => t?.goTo('/accountMenu/items/1/title')}
        />
      </ChakraProvider>,
    );
    const field = () => document.querySelector<HTMLElement>(`[data-pointer="${pointerNow}"]`);
    let pointerNow = '/accountMenu/items/1/title';
    await waitFor(() => expect(field()).toHaveFocus());
    for (const pointer of [
      '/header/public/navItems/0/subMenus/main/0/title',
      '/header/public/navItems/1/title',
      '/footer/columns/1/links/0/href',
    ]) {
      pointerNow = pointer;
      act(() => useFormUi.getState().goTo(pointer));
      await waitFor(() => expect(field()).toHaveFocus());
    }
  });

  it('builds visibility rules from the registries: flags.json ids and access.schema.json ids', async () => {
    renderForm();
    await open(/Public header/, /^Risparmio/);
    const item = screen.getByRole('group', { name: /^Risparmio/ });
    const kind = within(item).getAllByRole('combobox', { name: 'Visible when' })[0]!;
    await userEvent.selectOptions(kind, 'flag');
    const flag = within(item).getByRole('combobox', { name: 'Flag' });
    expect(
      within(flag)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(registry.flags.map((f) => f.id));
    await userEvent.selectOptions(flag, registry.flags[2]!.id);
    expect(storeValue().header.public.navItems[0]!.visibility).toEqual({ flag: registry.flags[2]!.id });

    await userEvent.selectOptions(kind, 'any');
    const first = within(item).getByRole('combobox', { name: 'Condition 1 (or)' });
    await userEvent.selectOptions(first, 'access');
    const access = within(item).getByRole('combobox', { name: 'Access' });
    expect(
      within(access)
        .getAllByRole('group')
        .map((g) => g.getAttribute('label')),
    ).toEqual(['Product-access flags', 'Product types', 'Deposit access', 'Other access']);
    await userEvent.selectOptions(access, 'term_deposit');
    expect(storeValue().header.public.navItems[0]!.visibility).toEqual({ any: [{ access: 'term_deposit' }] });
    await userEvent.selectOptions(kind, '');
    expect(storeValue().header.public.navItems[0]).not.toHaveProperty('visibility');
  });

  it('switches a menu item type, keeping the keys both types have', async () => {
    renderForm();
    await open(/Public header/, /^Risparmio/, /Conto deposito vincolato · advanced/);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Item type' }), 'arrow');
    const main = (storeValue().header.public.navItems[0]!.subMenus as { main: unknown[] }).main;
    expect(main[0]).toEqual({
      type: 'arrow',
      id: 'conto-deposito-vincolato',
      title: 'Conto deposito vincolato',
      href: '/conto-deposito-vincolato/',
    });
    expect(screen.queryByLabelText('Description')).not.toBeInTheDocument();
  });

  it("shows the page's problems at their fields instead of validating the draft a second time", async () => {
    const broken = JSON.parse(seed) as { seo: { metaTitle: string } };
    broken.seo.metaTitle = '';
    const problem: Problem = {
      code: 'schema',
      file: 'draft it-IT',
      line: 1,
      column: 1,
      pointer: '/seo/siteName',
      message: 'a problem only the page knows',
    };
    const view = renderForm(`${JSON.stringify(broken, null, 2)}\n`, { problems: [problem] });
    await userEvent.click(screen.getByRole('tab', { name: /^SEO/ }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Site name' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('a problem only the page knows')).toBeInTheDocument();
    // The empty title is the validator's finding, which the page did not pass: the form did not validate.
    expect(screen.getByRole('textbox', { name: 'Meta title' })).not.toHaveAttribute('aria-invalid');
    view.rerender(
      <ChakraProvider value={defaultSystem}>
        <FormView
          documentId="it-IT"
          readOnly={false}
          registry={registry}
          crossFile={crossFile}
          onReady={() => {}}
          problems={[]}
        />
      </ChakraProvider>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Site name' })).not.toHaveAttribute('aria-invalid'));
  });

  it('shows "fix the JSON first" with the parse error instead of a form over unparsable text', () => {
    renderForm('{\n  "locale": "it-IT",\n');
    expect(screen.getByRole('alert')).toHaveTextContent(/Fix the JSON first.*Line 3/);
    expect(draftStore.getState().text).toBe('{\n  "locale": "it-IT",\n');
  });

  it('is read-only for viewers: fields cannot change, no add, move or remove', async () => {
    renderForm(seed, { readOnly: true });
    await open(/Public header/, /^Risparmio/);
    expect(screen.getAllByLabelText('Title')[0]).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: /^(Add|Remove|Move)/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('combobox', { name: 'Visible when' })[0]).toBeDisabled();
  });
});

describe('generated fields', { timeout: 60_000 }, () => {
  const tab = (name: RegExp) => userEvent.click(screen.getByRole('tab', { name }));

  it('edits SEO from fields generated from the schema: labels, limits, enums', async () => {
    renderForm();
    await tab(/^SEO/);
    const title = await screen.findByRole('textbox', { name: 'Meta title' });
    expect(screen.getByText('1–70 characters.')).toBeInTheDocument();
    await userEvent.clear(title);
    await userEvent.type(title, 'Conti deposito');
    expect((draftStore.getState().value as { seo: { metaTitle: string } }).seo.metaTitle).toBe('Conti deposito');
    const robots = screen.getByRole('combobox', { name: 'Meta robots' });
    expect(
      within(robots)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(localeConfigSchema.$defs.Seo.properties.metaRobots.enum);
    await userEvent.selectOptions(robots, 'noindex,follow');
    expect((draftStore.getState().value as { seo: { metaRobots: string } }).seo.metaRobots).toBe('noindex,follow');
    // The validator's problems show at the generated field.
    await userEvent.clear(title);
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('tab', { name: /^SEO & tracking 1 problem$/ })).toBeInTheDocument();
  });

  it('shows a UI string that invents or drops a placeholder as a problem at its field', async () => {
    renderForm();
    await tab(/^UI strings/);
    const unread = await screen.findByRole('textbox', { name: 'Unread messages' });
    expect(screen.getByText(/Keep \{count\} exactly as written/)).toBeInTheDocument();
    await userEvent.clear(unread);
    await userEvent.type(unread, '{{anzahl} messaggi non letti');
    await waitFor(() => expect(unread).toHaveAttribute('aria-invalid', 'true'));
    // The shared validator's findings (the dropped {count}, the invented name), at the field.
    const errorOf = (input: HTMLElement) =>
      input.closest('[data-scope="field"][data-part="root"]')?.querySelector('[data-part="error-text"]')?.textContent ??
      '';
    // One wait for both: the live checks follow typing after a pause, so the emptied field's problems (which also
    // say "must contain {count}") can still be on screen when the first of them matches.
    await waitFor(() => {
      expect(errorOf(unread)).toMatch(/must contain \{count\}/);
      expect(errorOf(unread)).toContain('{anzahl} is not a placeholder here (this text takes {count})');
    });
    const logout = screen.getAllByRole('textbox', { name: 'Logout' })[0]!;
    await userEvent.type(logout, ' {{name}');
    await waitFor(() =>
      expect(errorOf(logout)).toContain('{name} is not a placeholder in this text, which takes none'),
    );
  });

  it('adds an optional part (the US contact banner) with its required keys, and removes it', async () => {
    renderForm();
    await tab(/^Footer/);
    await userEvent.click(await screen.findByRole('button', { name: 'Add US contact banner' }));
    expect((draftStore.getState().value as { footer: Record<string, unknown> }).footer.usContactBanner).toEqual({
      display: false,
      email: { address: '', linkText: '' },
      phone: { number: '', linkText: '' },
      availability: '',
    });
    const section = screen.getByRole('region', { name: 'US contact banner' });
    await userEvent.type(within(section).getByRole('textbox', { name: 'Availability' }), 'Mon–Fri 9–17');
    expect(
      (draftStore.getState().value as { footer: { usContactBanner: { availability: string } } }).footer.usContactBanner
        .availability,
    ).toBe('Mon–Fri 9–17');
    expect(within(section).getByRole('region', { name: 'Email' })).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Remove US contact banner' }));
    expect((draftStore.getState().value as { footer: Record<string, unknown> }).footer).not.toHaveProperty(
      'usContactBanner',
    );
  });

  it('has a tab for every top-level key of the locale schema, each key in exactly one', () => {
    const keys = LOCALE_SECTIONS.flatMap((s) => s.keys);
    expect([...keys].sort()).toEqual(Object.keys(localeConfigSchema.properties).sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('nests no more than three levels deep, at the deepest places of the document', async () => {
    const { target, container } = renderForm();
    let deepest = 0;
    const depth = () =>
      Math.max(
        0,
        ...[...container.querySelectorAll('[data-form-level]')].map((element) => {
          let levels = 0;
          for (
            let node: Element | null = element;
            node;
            node = node.parentElement?.closest('[data-form-level]') ?? null
          )
            levels++;
          return levels;
        }),
      );
    for (const pointer of [
      '/header/public/navItems/0/subMenus/main/0/title',
      '/footer/columns/0/links/0/title',
      '/footer/social/icons/0/link',
      '/seo/opengraph/title',
      '/accountMenu/items/0/title',
    ]) {
      act(() => target()!.goTo(pointer));
      await waitFor(() => expect(container.querySelector(`[data-pointer="${pointer}"]`)).not.toBeNull());
      expect(depth(), pointer).toBeLessThanOrEqual(3);
      deepest = Math.max(deepest, depth());
    }
    // The walk did reach the deepest place: header variant › nav item › dropdown item.
    expect(deepest).toBe(3);
  });
});

describe('menu item types', () => {
  it("has one form per type of the schema's MenuItem.oneOf (the map mirrors the schema)", () => {
    const schemaTypes = localeConfigSchema.$defs.MenuItem.oneOf.map((b) =>
      b.$ref.split('/').pop()!.replace(/Item$/, '').toLowerCase(),
    );
    expect(MENU_ITEM_TYPES).toEqual(schemaTypes);
    expect(Object.keys(MENU_ITEM_FORMS).sort()).toEqual([...schemaTypes].sort());
  });

  it('converts between types: shared keys kept, missing required ones empty, others dropped', () => {
    expect(convertMenuItem({ type: 'text', id: 'a', title: 'A', description: 'd', groupName: 'g' }, 'image')).toEqual({
      type: 'image',
      id: 'a',
      title: 'A',
      imageUrl: '',
      description: 'd',
    });
    expect(() => convertMenuItem({}, 'nope' as never)).toThrow('No menu item type "nope" in the schema.');
  });
});
