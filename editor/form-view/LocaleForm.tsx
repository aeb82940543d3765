/**
 * The locale config form: the whole document, one tab per part (docs/editor-form.md#layout). Header menus
 * (every header variant, nav items with dropdowns and their typed items, action items, logos), the account
 * menu and the footer's lists are hand-made; SEO, consent, tag manager, UI strings, register flows, the review
 * strip, the US contact and app banners and the general settings are generated from the schema
 * (schema-form/SchemaField.tsx, docs/editor-form.md#generated-fields).
 */
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { get, useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { RichText } from '../../runtime/components/RichText/RichText';
import { SUB_MENU_LISTS, type HeaderSection, type SubMenuList } from '../../runtime/resolver';
import { fieldNameToPointer } from '../store/json-path';
import { countErrors } from '../validation/form-resolver';
import { CheckboxField, errorText, SelectField, TextField } from './fields';
import { useFormBinding } from './form-binding';
import { useFormUi } from './form-ui-store';
import { Group } from './Group';
import { freeId } from './menu-item-types';
import { MenuItemForm, useReplaceObject } from './menu-items';
import { VisibilityField } from './RuleEditor';
import { placeholderHelp } from './schema-form/placeholders';
import { SchemaField, SchemaProperties } from './schema-form/SchemaField';
import { labelFor, rootSchema, schemaAtPath } from './schema-form/schema-nodes';
import { SortableList } from './SortableList';
import { ICONS } from '../validation/registries';
import { RICH_TEXT_ELEMENTS } from '../../schemas/validator/rich-text-policy';

type Item = Record<string, unknown>;

/** The form's groups, in the order content managers look for them; a section the schema gains without a title fails to compile. */
const HEADER_TITLES = {
  public: 'Public header (anonymous visitors)',
  private: 'Private header (logged-in customers)',
  login: 'Login page header',
  register: 'Registration page header',
  countrySelector: 'Country selector header',
  integrated: 'Integrated header',
  corporate: 'Corporate header',
  bankNavigation: 'Bank navigation header',
} satisfies Record<HeaderSection, string>;
export const HEADER_VARIANTS = Object.entries(HEADER_TITLES).map(([key, title]) => ({ key, title }));

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? v : fallback);
const titled = (item: Item) => text(item.title, text(item.id, '(untitled)'));

/** A new item with a free id, for the lists' Add buttons. */
function useNewItem() {
  const { getValues } = useFormContext();
  return (base: string, rest: Item): Item => ({ id: freeId(getValues(), base), ...rest });
}

const LOCALE_SCHEMA = rootSchema('locale');

/** A generated field for a top-level key of the locale config. */
function TopLevelField({ name }: { name: string }) {
  const schema = schemaAtPath('locale', [name])!;
  return (
    <SchemaField
      name={name}
      schema={schema}
      label={labelFor(name, schema.node)}
      optional={!(LOCALE_SCHEMA.node.required ?? []).includes(name)}
      level={3}
    />
  );
}

function GeneralForm() {
  const shown = LOCALE_SECTIONS.find((s) => s.id === 'general')!.keys;
  const skip = Object.keys(LOCALE_SCHEMA.node.properties ?? {}).filter((key) => !shown.includes(key));
  return <SchemaProperties name="" schema={LOCALE_SCHEMA} level={3} skip={skip} />;
}

/**
 * The tabs of the locale form, each naming the top-level keys it edits; every key of the schema is in exactly
 * one tab (FormView.test.tsx checks), so a key the schema gains shows up as a failing test, not a hidden part.
 */
export const LOCALE_SECTIONS: readonly { id: string; title: string; keys: readonly string[]; Form: () => ReactNode }[] =
  [
    { id: 'header', title: 'Header', keys: ['header'], Form: HeaderForm },
    { id: 'accountMenu', title: 'Account menu', keys: ['accountMenu'], Form: AccountMenuForm },
    { id: 'footer', title: 'Footer', keys: ['footer'], Form: FooterForm },
    // The four groups of strings are the tab's sections (no "Strings" box around them: one level less).
    {
      id: 'strings',
      title: 'UI strings',
      keys: ['strings'],
      Form: () => <SchemaProperties name="strings" schema={schemaAtPath('locale', ['strings'])!} level={3} />,
    },
    {
      id: 'seo',
      title: 'SEO & tracking',
      keys: ['seo', 'consent', 'tagManager'],
      Form: () => (
        <>
          <TopLevelField name="seo" />
          <TopLevelField name="consent" />
          <TopLevelField name="tagManager" />
        </>
      ),
    },
    {
      id: 'registerFlows',
      title: 'Register flows',
      keys: ['registerFlows'],
      Form: () => <TopLevelField name="registerFlows" />,
    },
    {
      id: 'general',
      title: 'General',
      keys: ['locale', 'language', 'basePath', 'currency', '$schema'],
      Form: GeneralForm,
    },
  ];

function SectionTrigger({ id, title, keys }: { id: string; title: string; keys: readonly string[] }) {
  const { errors } = useFormState({ name: [...keys] });
  const problems = keys.reduce((sum, key) => sum + countErrors(get(errors, key)), 0);
  return (
    <Tabs.Trigger value={id}>
      {title}
      {problems > 0 && ' '}
      {problems > 0 && (
        <Badge colorPalette="red" variant="solid" size="sm">
          {problems} problem{problems === 1 ? '' : 's'}
        </Badge>
      )}
    </Tabs.Trigger>
  );
}

export function LocaleForm() {
  const sectionKey = useFormUi((s) => s.section);
  const showSection = useFormUi((s) => s.showSection);
  const active = LOCALE_SECTIONS.find((s) => sectionKey !== null && s.keys.includes(sectionKey)) ?? LOCALE_SECTIONS[0]!;
  return (
    <Tabs.Root
      value={active.id}
      onValueChange={(e) => showSection(LOCALE_SECTIONS.find((s) => s.id === e.value)!.keys[0]!)}
      lazyMount
      unmountOnExit
      variant="line"
      size="sm"
    >
      <Tabs.List flexWrap="wrap" aria-label="Parts of the document">
        {LOCALE_SECTIONS.map((s) => (
          <SectionTrigger key={s.id} id={s.id} title={s.title} keys={s.keys} />
        ))}
      </Tabs.List>
      {LOCALE_SECTIONS.map(({ id, Form }) => (
        <Tabs.Content key={id} value={id} pt="3">
          <Stack gap="3">
            <Form />
          </Stack>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

function HeaderForm() {
  const newItem = useNewItem();
  return (
    <Stack gap="3">
      <SortableList
        name="header.logoItems"
        label="Logos"
        noun="logo"
        level={3}
        newItem={() => newItem('logo', { href: '/', url: '/assets/logo.svg', alt: 'Logo' })}
        describe={(item) => text(item.alt, text(item.id, '(logo)'))}
        renderItem={(n) => (
          <>
            <TextField name={`${n}.alt`} label="Alternative text" />
            <TextField name={`${n}.id`} label="Id" />
            <TextField name={`${n}.href`} label="Link" />
            <TextField name={`${n}.url`} label="Image URL" />
          </>
        )}
      />
      {HEADER_VARIANTS.map((v) => (
        <HeaderVariant key={v.key} name={`header.${v.key}`} title={v.title} />
      ))}
    </Stack>
  );
}

function HeaderVariant({ name, title }: { name: string; title: string }) {
  const present = useWatch({ name, exact: true }) !== undefined;
  const { setValue } = useFormContext();
  const { commit, readOnly } = useFormBinding();
  const newItem = useNewItem();
  const set = (value: Item | undefined) => {
    setValue(name, value);
    commit(name, value, { merge: false });
  };
  if (!present) {
    return (
      <HStack justify="space-between" borderWidth="1px" borderStyle="dashed" borderRadius="md" px="3" py="2">
        <Text fontSize="sm">{title}: not configured</Text>
        {!readOnly && (
          <Button size="xs" variant="outline" onClick={() => set({ navItems: [], actionItems: [] })}>
            Add the {title.toLowerCase()}
          </Button>
        )}
      </HStack>
    );
  }
  return (
    <Group
      name={name}
      title={title}
      level={3}
      actions={
        !readOnly && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => set(undefined)}>
            Remove
          </Button>
        )
      }
    >
      <SortableList
        name={`${name}.navItems`}
        label="Navigation items"
        noun="navigation item"
        newItem={() => newItem('new-menu', { title: 'New menu', href: '/' })}
        describe={titled}
        renderItem={(n) => <NavItemForm name={n} />}
      />
      <SortableList
        name={`${name}.actionItems`}
        label="Action items"
        noun="action item"
        newItem={() => newItem('new-action', { title: 'New action', href: '/login/', type: 'login' })}
        describe={titled}
        renderItem={(n) => (
          <>
            <TextField name={`${n}.title`} label="Title" />
            <TextField name={`${n}.id`} label="Id" />
            <TextField name={`${n}.href`} label="Link" />
            <SelectField
              name={`${n}.type`}
              label="Action"
              options={[
                { value: 'login', label: 'login' },
                { value: 'registration', label: 'registration' },
              ]}
            />
            <SelectField
              name={`${n}.callback`}
              label="Tracking callback"
              options={['trackLogin', 'trackRegistration']}
              optional
            />
            <VisibilityField name={`${n}.visibility`} />
          </>
        )}
      />
    </Group>
  );
}

/** A top-level entry: a link or a dropdown (exactly one), the badge switch and its rule. */
function NavItemForm({ name }: { name: string }) {
  const hasHref = useWatch({ name: `${name}.href`, exact: true }) !== undefined;
  const hasSubMenus = useWatch({ name: `${name}.subMenus`, exact: true }) !== undefined;
  const { getValues } = useFormContext();
  const { readOnly } = useFormBinding();
  const replace = useReplaceObject();
  const kind = hasSubMenus ? (hasHref ? 'both' : 'dropdown') : 'link';
  const switchTo = (next: string) => {
    if (next === kind || next === 'both') return;
    const { href: _href, subMenus: _subMenus, ...rest } = (getValues(name) ?? {}) as Item;
    const target: Item = next === 'link' ? { href: '/' } : { subMenus: { layout: 'default', main: [] } };
    // The new key goes after the title, where the seed files keep it.
    const entries = Object.entries(rest);
    const at = entries.findIndex(([key]) => key === 'title') + 1 || entries.length;
    replace(name, Object.fromEntries([...entries.slice(0, at), ...Object.entries(target), ...entries.slice(at)]));
  };
  return (
    <Stack gap="3">
      <TextField name={`${name}.title`} label="Title" />
      <TextField name={`${name}.id`} label="Id" helperText="Kebab-case, unique in this locale." />
      <Field.Root disabled={readOnly}>
        <Field.Label>Opens</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={kind} onChange={(e) => switchTo(e.target.value)}>
            {kind === 'both' && <option value="both">a link and a dropdown (not allowed: pick one)</option>}
            <option value="link">a link</option>
            <option value="dropdown">a dropdown menu</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {hasHref && (
        <TextField
          name={`${name}.href`}
          label="Link"
          helperText="/path (gets the locale prefix), https://…, #anchor, mailto: or tel:"
        />
      )}
      {hasSubMenus && <SubMenuForm name={`${name}.subMenus`} />}
      <CheckboxField name={`${name}.enableBadge`} label="Show the unread-message badge" removeWhenOff />
      <VisibilityField name={`${name}.visibility`} />
    </Stack>
  );
}

/** A heading per submenu list; a list the schema gains without one here fails to compile. */
const LIST_LABELS = { top: 'Top', main: 'Main', sidebar: 'Sidebar', bottom: 'Bottom' } satisfies Record<
  SubMenuList,
  string
>;

/** The dropdown of a nav item: not a group of its own (the nav item's panel is one), so the form stays three levels deep. */
function SubMenuForm({ name }: { name: string }) {
  const newItem = useNewItem();
  const { errors } = useFormState({ name });
  const own = errorText(get(errors, `${name}.root`));
  return (
    <Stack as="section" aria-label="Dropdown" gap="3" borderTopWidth="1px" borderColor="border" pt="3">
      <Heading as="h6" size="xs" data-pointer={fieldNameToPointer(name)} tabIndex={-1}>
        Dropdown
      </Heading>
      {own && (
        <Text color="red.700" fontSize="sm">
          {own}
        </Text>
      )}
      <SelectField name={`${name}.layout`} label="Layout" options={['default', 'even']} optional />
      {SUB_MENU_LISTS.map((list) => (
        <SortableList
          key={list}
          name={`${name}.${list}`}
          label={`${LIST_LABELS[list]} items`}
          noun={`${list} item`}
          level={6}
          newItem={() => newItem('new-item', { type: 'basic', title: 'New item', href: '/' })}
          describe={(item) => `${titled(item)} · ${text(item.type, '?')}`}
          renderItem={(n) => <MenuItemForm name={n} />}
        />
      ))}
    </Stack>
  );
}

function AccountMenuItemFields({ name }: { name: string }) {
  return (
    <>
      <TextField name={`${name}.title`} label="Title" />
      <TextField name={`${name}.id`} label="Id" />
      <TextField name={`${name}.href`} label="Link" />
      <SelectField name={`${name}.icon`} label="Icon" options={ICONS} optional />
      <VisibilityField name={`${name}.visibility`} />
    </>
  );
}

function AccountMenuForm() {
  const present = useWatch({ name: 'accountMenu', exact: true }) !== undefined;
  const { setValue } = useFormContext();
  const { commit, readOnly } = useFormBinding();
  const newItem = useNewItem();
  if (!present) {
    return (
      <HStack justify="space-between">
        <Text fontSize="sm">
          This locale has no account menu of its own: it uses the English list from the en config.
        </Text>
        {!readOnly && (
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              const value = {
                items: [newItem('messages', { title: 'Messages', href: '/postbox/messages', icon: 'mail' })],
                reducedItemIds: [] as string[],
              };
              value.reducedItemIds = [String(value.items[0]!.id)];
              setValue('accountMenu', value);
              commit('accountMenu', value, { merge: false });
            }}
          >
            Add an account menu
          </Button>
        )}
      </HStack>
    );
  }
  return (
    <Stack gap="3">
      <SortableList
        name="accountMenu.items"
        label="Items"
        noun="item"
        level={3}
        newItem={() => newItem('new-item', { title: 'New item', href: '/' })}
        describe={titled}
        renderItem={(n) => <AccountMenuItemFields name={n} />}
      />
      <ReducedIdsField />
      <SortableList
        name="accountMenu.companyItems"
        label="Company customer items"
        noun="company item"
        level={3}
        newItem={() =>
          newItem('new-company-item', { title: 'New item', href: '/', visibility: { customerType: 'company' } })
        }
        describe={titled}
        renderItem={(n) => <AccountMenuItemFields name={n} />}
      />
      <AccountSwitchField />
    </Stack>
  );
}

/** The reduced list (restricted customers, pending activation): a choice among the items' ids. */
function ReducedIdsField() {
  const name = 'accountMenu.reducedItemIds';
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const { commit, readOnly } = useFormBinding();
  const items = (useWatch({ name: 'accountMenu.items' }) ?? []) as Item[];
  const selected = Array.isArray(field.value) ? (field.value as unknown[]).map(String) : [];
  const ids = items.map((i) => String(i.id ?? '')).filter(Boolean);
  const unknown = selected.filter((id) => !ids.includes(id));
  const message = errorText(fieldState.error);
  return (
    <Box as="fieldset" data-pointer={fieldNameToPointer(name)} tabIndex={-1}>
      <Box as="legend" fontSize="sm" fontWeight="medium" mb="1">
        Reduced list (restricted customers and pending activation)
      </Box>
      <HStack gap="3" wrap="wrap">
        {[...ids, ...unknown].map((id) => (
          <Checkbox.Root
            key={id}
            size="sm"
            checked={selected.includes(id)}
            disabled={readOnly}
            invalid={unknown.includes(id)}
            onCheckedChange={(e) => {
              const next =
                e.checked === true
                  ? [...ids, ...unknown].filter((x) => x === id || selected.includes(x))
                  : selected.filter((x) => x !== id);
              field.onChange(next);
              commit(name, next, { merge: false });
            }}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{unknown.includes(id) ? `${id} (not an item)` : id}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
      {message && (
        <Text color="red.700" fontSize="sm" mt="1">
          {message}
        </Text>
      )}
    </Box>
  );
}

function AccountSwitchField() {
  const name = 'accountMenu.accountSwitch';
  const present = useWatch({ name, exact: true }) !== undefined;
  const { setValue } = useFormContext();
  const { commit, readOnly, registry } = useFormBinding();
  return (
    <Stack gap="2">
      <Checkbox.Root
        size="sm"
        checked={present}
        disabled={readOnly}
        onCheckedChange={(e) => {
          const flag = registry.flags.find((f) => f.id === 'accountSwitch')?.id ?? registry.flags[0]?.id ?? '';
          const value = e.checked === true ? { title: 'Switch account', visibility: { flag } } : undefined;
          setValue(name, value);
          commit(name, value, { merge: false });
        }}
      >
        <Checkbox.HiddenInput data-pointer={fieldNameToPointer(name)} />
        <Checkbox.Control />
        <Checkbox.Label>Offer an account switch</Checkbox.Label>
      </Checkbox.Root>
      {present && (
        <>
          <TextField name={`${name}.title`} label="Account switch title" />
          <VisibilityField
            name={`${name}.visibility`}
            required
            helperText="Required: the switch is shown only with a feature flag."
          />
        </>
      )}
    </Stack>
  );
}

function FooterLinkFields({ name }: { name: string }) {
  return (
    <>
      <TextField name={`${name}.title`} label="Title" />
      <TextField name={`${name}.id`} label="Id" />
      <TextField
        name={`${name}.href`}
        label="Link"
        helperText="Internal links are lower-cased and get the locale prefix; #consent-settings opens the consent manager."
      />
      <VisibilityField name={`${name}.visibility`} />
    </>
  );
}

/** The footer's optional banners, generated from the schema. */
const GENERATED_FOOTER_PARTS = ['reviewStrip', 'usContactBanner', 'mobileBanner'] as const;
const FOOTER_PART_TITLES = {
  reviewStrip: 'Review strip',
  usContactBanner: 'US contact banner',
  mobileBanner: 'App banner',
} satisfies Record<(typeof GENERATED_FOOTER_PARTS)[number], string>;

function FooterForm() {
  const newItem = useNewItem();
  const { getValues } = useFormContext();
  return (
    <Stack gap="3">
      <SortableList
        name="footer.columns"
        label="Link columns"
        noun="column"
        level={3}
        newItem={() =>
          newItem('new-column', {
            heading: 'New column',
            links: [newItem('new-link', { title: 'New link', href: '/' })],
          })
        }
        describe={(item) => text(item.heading, text(item.id, '(column)'))}
        renderItem={(n) => (
          <>
            <TextField name={`${n}.heading`} label="Heading" />
            <TextField name={`${n}.id`} label="Id" />
            <VisibilityField name={`${n}.visibility`} />
            <SortableList
              name={`${n}.links`}
              label="Links"
              noun="link"
              level={5}
              newItem={() => newItem('new-link', { title: 'New link', href: '/' })}
              describe={titled}
              renderItem={(l) => <FooterLinkFields name={l} />}
            />
          </>
        )}
      />
      <SortableList
        name="footer.legalLinks"
        label="Legal links"
        noun="legal link"
        level={3}
        newItem={() => newItem('new-legal-link', { title: 'New link', href: '/' })}
        describe={titled}
        renderItem={(n) => <FooterLinkFields name={n} />}
      />
      <Group name="footer.social" title="Social icons" level={3}>
        <TextField name="footer.social.heading" label="Heading" />
        <CheckboxField name="footer.social.hideHeading" label="Hide the heading" removeWhenOff />
        <SortableList
          name="footer.social.icons"
          label="Icons"
          noun="icon"
          newItem={() => ({ uid: freeId(getValues(), 'social'), account: 'LinkedIn', link: 'https://' })}
          describe={(item) => text(item.account, text(item.uid, '(icon)'))}
          renderItem={(n) => (
            <>
              <SelectField
                name={`${n}.account`}
                label="Network"
                options={['Facebook', 'LinkedIn', 'Twitter', 'Youtube', 'Instagram']}
              />
              <TextField name={`${n}.uid`} label="Id" />
              <TextField name={`${n}.link`} label="Link" />
              <TextField name={`${n}.iconUrl`} label="Icon URL" optional />
            </>
          )}
        />
      </Group>
      <SortableList
        name="footer.credits"
        label="Credits (partner logos)"
        noun="credit"
        level={3}
        newItem={() =>
          newItem('new-credit', {
            instituteLink: { href: 'https://', title: 'Partner' },
            instituteLogo: { url: '/assets/', title: 'Partner' },
          })
        }
        describe={(item) => text((item.instituteLink as Item | undefined)?.title, text(item.id, '(credit)'))}
        renderItem={(n) => (
          <>
            <TextField name={`${n}.id`} label="Id" />
            <TextField name={`${n}.instituteLink.title`} label="Link title" />
            <TextField name={`${n}.instituteLink.href`} label="Link" />
            <TextField name={`${n}.instituteLogo.title`} label="Logo title" />
            <TextField name={`${n}.instituteLogo.url`} label="Logo URL" />
          </>
        )}
      />
      <TextField name="footer.copyright" label="Copyright" helperText={placeholderHelp('/footer/copyright')} />
      <DisclaimerField />
      <CheckboxField name="footer.hideCountryPicker" label="Hide the country picker" removeWhenOff />
      {GENERATED_FOOTER_PARTS.map((key) => {
        const schema = schemaAtPath('locale', ['footer', key])!;
        return (
          <SchemaField
            key={key}
            name={`footer.${key}`}
            schema={schema}
            label={FOOTER_PART_TITLES[key]}
            optional
            level={3}
          />
        );
      })}
    </Stack>
  );
}

/** The disclaimer's HTML and how customers will see it: rendered by the runtime's RichText, after its sanitiser. */
function DisclaimerField() {
  const html = useWatch({ name: 'footer.disclaimer' }) as unknown;
  return (
    <Stack gap="2">
      <TextField
        name="footer.disclaimer"
        label="Disclaimer (HTML)"
        multiline
        rows={5}
        optional
        helperText={`Allowed: ${RICH_TEXT_ELEMENTS.join(', ')}; links to a / path or https://; text-align on p. Anything else is refused when saving.`}
      />
      {typeof html === 'string' && html.trim() !== '' && (
        <Box
          as="section"
          aria-labelledby="disclaimer-preview-heading"
          borderWidth="1px"
          borderRadius="md"
          p="3"
          bg="gray.50"
          fontSize="sm"
        >
          <Heading as="h6" size="xs" id="disclaimer-preview-heading" mb="2" color="gray.700">
            Disclaimer preview (sanitised)
          </Heading>
          <RichText html={html} />
        </Box>
      )}
    </Stack>
  );
}
