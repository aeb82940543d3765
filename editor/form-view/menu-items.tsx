/**
 * One form per menu item type, picked from a map (docs/architecture.md#kinds-from-a-map), as the runtime's header item components are.
 * The schema mirrors the map: `MENU_ITEM_FORMS` must name every type of MenuItem.oneOf (a test checks).
 */
import { Stack, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ICONS } from '../validation/registries';
import { SelectField, TextField } from './fields';
import { useFormBinding } from './form-binding';
import { convertMenuItem, itemKeys, MENU_ITEM_TYPES, type MenuItemType } from './menu-item-types';
import { VisibilityField } from './RuleEditor';

export interface MenuItemFieldsProps {
  /** RHF name of the item. */
  name: string;
}

const IdTitle = ({ name }: MenuItemFieldsProps) => (
  <>
    <TextField name={`${name}.title`} label="Title" />
    <TextField name={`${name}.id`} label="Id" helperText="Kebab-case, unique in this locale." />
  </>
);
const Href = ({ name, optional }: MenuItemFieldsProps & { optional?: boolean }) => (
  <TextField
    name={`${name}.href`}
    label="Link"
    optional={optional}
    helperText="/path (gets the locale prefix), https://…, #anchor, mailto: or tel:"
  />
);
const Icon = ({ name }: MenuItemFieldsProps) => (
  <SelectField name={`${name}.icon`} label="Icon" options={ICONS} optional />
);
const Description = ({ name, optional }: MenuItemFieldsProps & { optional?: boolean }) => (
  <TextField name={`${name}.description`} label="Description" multiline rows={2} optional={optional} />
);
const GroupName = ({ name }: MenuItemFieldsProps) => (
  <TextField name={`${name}.groupName`} label="Group name" optional />
);
const Tag = ({ name }: MenuItemFieldsProps) => (
  <TextField name={`${name}.tag`} label="Tag" optional helperText="Short badge text such as New." />
);

export function BasicMenuItemFields({ name }: MenuItemFieldsProps) {
  return (
    <>
      <IdTitle name={name} />
      <Href name={name} />
      <Icon name={name} />
      <Tag name={name} />
      <GroupName name={name} />
    </>
  );
}

export function AdvancedMenuItemFields({ name }: MenuItemFieldsProps) {
  return (
    <>
      <IdTitle name={name} />
      <Href name={name} />
      <Description name={name} />
      <Icon name={name} />
      <TextField name={`${name}.iconColor`} label="Icon colour" optional />
      <Tag name={name} />
      <GroupName name={name} />
    </>
  );
}

export function TextMenuItemFields({ name }: MenuItemFieldsProps) {
  return (
    <>
      <IdTitle name={name} />
      <Description name={name} optional />
      <GroupName name={name} />
    </>
  );
}

export function ImageMenuItemFields({ name }: MenuItemFieldsProps) {
  return (
    <>
      <IdTitle name={name} />
      <TextField name={`${name}.imageUrl`} label="Image URL" helperText="/path or https://…" />
      <Href name={name} optional />
      <Description name={name} optional />
    </>
  );
}

export function ArrowMenuItemFields({ name }: MenuItemFieldsProps) {
  return (
    <>
      <IdTitle name={name} />
      <Href name={name} />
    </>
  );
}

export const MENU_ITEM_FORMS: Record<MenuItemType, ComponentType<MenuItemFieldsProps>> = {
  basic: BasicMenuItemFields,
  advanced: AdvancedMenuItemFields,
  text: TextMenuItemFields,
  image: ImageMenuItemFields,
  arrow: ArrowMenuItemFields,
};

/** Replaces an object field by field, so every bound field (exact subscriptions) sees its new value. */
export function useReplaceObject() {
  const { getValues, setValue } = useFormContext();
  const { commit } = useFormBinding();
  return (name: string, next: Record<string, unknown>) => {
    const current = (getValues(name) ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(current), ...Object.keys(next)])) setValue(`${name}.${key}`, next[key]);
    commit(name, next, { merge: false });
  };
}

/** A menu item: its type, the fields that type has, and its visibility rule. */
export function MenuItemForm({ name }: MenuItemFieldsProps) {
  const type = useWatch({ name: `${name}.type` }) as string | undefined;
  const { getValues } = useFormContext();
  const replace = useReplaceObject();
  const Fields = MENU_ITEM_FORMS[type as MenuItemType] as ComponentType<MenuItemFieldsProps> | undefined;
  const hasVisibility = type === undefined || itemKeys(type).includes('visibility');
  return (
    <Stack gap="3">
      <SelectField
        name={`${name}.type`}
        label="Item type"
        options={MENU_ITEM_TYPES}
        onSelect={(next) =>
          replace(name, convertMenuItem((getValues(name) ?? {}) as Record<string, unknown>, next as MenuItemType))
        }
      />
      {Fields ? (
        <Fields name={name} />
      ) : (
        // The runtime throws for an unmapped type; in the editor the draft may hold one, so say how to fix it.
        <Text color="red.700" fontSize="sm">
          No form for item type “{String(type)}”. Pick one of {MENU_ITEM_TYPES.join(', ')} above, or fix it in the JSON
          view.
        </Text>
      )}
      {hasVisibility && <VisibilityField name={`${name}.visibility`} />}
    </Stack>
  );
}
