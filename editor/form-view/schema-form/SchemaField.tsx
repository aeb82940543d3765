/**
 * Fields generated from the JSON Schema, for the parts of a document where a hand-made form adds nothing
 * (SEO, consent, tag manager, UI strings, register flows, the review strip, the US contact and app banners).
 * One renderer per field kind, picked from a map (docs/architecture.md#kinds-from-a-map); each binds into
 * the same react-hook-form names and draft store path as the hand-made fields, so the shared validator's
 * problems show at them and go-to reaches them (`data-pointer`). Labels come from the schema's titles or
 * the property names, help text from its descriptions and limits, selects from its enums
 * (docs/editor-form.md#generated-fields).
 */
import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { fieldNameToPointer } from '../../store/json-path';
import { CheckboxField, NumberField, SelectField, TextField, ValueListField } from '../fields';
import { useFormBinding } from '../form-binding';
import { MenuItemForm } from '../menu-items';
import { VisibilityField } from '../RuleEditor';
import { SortableList } from '../SortableList';
import { placeholderHelp } from './placeholders';
import {
  childSchema,
  constraintText,
  describeItem,
  enumValues,
  fieldKind,
  labelFor,
  skeleton,
  type FieldKind,
  type ResolvedSchema,
} from './schema-nodes';

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface SchemaFieldProps {
  /** RHF name of the value (a dotted JSON path). */
  name: string;
  schema: ResolvedSchema;
  label: string;
  /** Not in the parent's `required`: clearing removes the key, and objects get Add / Remove. */
  optional: boolean;
  level: HeadingLevel;
}

/** "US contact banner" stays as it is, "App banner" becomes "app banner": for "Add …" and "Remove …". */
const inSentence = (label: string) =>
  /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

const helpOf = (schema: ResolvedSchema, pointer: string): ReactNode => {
  const parts = [schema.node.description, constraintText(schema.node), placeholderHelp(pointer)].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
};

function TextRenderer({ name, schema, label, optional }: SchemaFieldProps) {
  const pointer = fieldNameToPointer(name);
  return (
    <TextField
      name={name}
      label={label}
      optional={optional}
      helperText={helpOf(schema, pointer)}
      multiline={(schema.node.maxLength ?? 0) > 300}
    />
  );
}

function EnumRenderer({ name, schema, label, optional }: SchemaFieldProps) {
  return (
    <SelectField
      name={name}
      label={label}
      optional={optional}
      options={enumValues(schema) ?? []}
      helperText={helpOf(schema, fieldNameToPointer(name))}
    />
  );
}

function NumberRenderer({ name, schema, label, optional }: SchemaFieldProps) {
  return (
    <NumberField
      name={name}
      label={label}
      optional={optional}
      integer={schema.node.type === 'integer'}
      helperText={helpOf(schema, fieldNameToPointer(name))}
    />
  );
}

function BooleanRenderer({ name, schema, label, optional }: SchemaFieldProps) {
  return (
    <CheckboxField
      name={name}
      label={label}
      removeWhenOff={optional && schema.node.default === false}
      helperText={helpOf(schema, fieldNameToPointer(name))}
    />
  );
}

function RuleRenderer({ name, schema, optional }: SchemaFieldProps) {
  return <VisibilityField name={name} required={!optional} helperText={schema.node.description} />;
}

function MenuItemRenderer({ name }: SchemaFieldProps) {
  return <MenuItemForm name={name} />;
}

function ValueListRenderer({ name, schema, label, optional }: SchemaFieldProps) {
  return (
    <ValueListField
      name={name}
      label={label}
      optional={optional}
      helperText={helpOf(schema, fieldNameToPointer(name))}
    />
  );
}

/** The fields of an object's properties, in schema order (no box of its own: the caller draws one). */
export function SchemaProperties({
  name,
  schema,
  level,
  skip = [],
}: {
  name: string;
  schema: ResolvedSchema;
  level: HeadingLevel;
  skip?: readonly string[];
}) {
  const required = schema.node.required ?? [];
  return (
    <>
      {Object.keys(schema.node.properties ?? {})
        .filter((key) => !skip.includes(key))
        .map((key) => {
          const child = childSchema(schema, key)!;
          return (
            <SchemaField
              key={key}
              name={name === '' ? key : `${name}.${key}`}
              schema={child}
              label={labelFor(key, child.node)}
              optional={!required.includes(key)}
              level={level}
            />
          );
        })}
    </>
  );
}

/**
 * A generated section: one nesting level (`data-form-level`), with its heading, an Add button while an
 * optional object is absent and a Remove button while it is present.
 */
export function SchemaSection({
  name,
  schema,
  label,
  optional,
  level,
  children,
}: SchemaFieldProps & { children?: ReactNode }) {
  const present = useWatch({ name, exact: true }) !== undefined;
  const { setValue } = useFormContext();
  const { commit, readOnly } = useFormBinding();
  const pointer = fieldNameToPointer(name);
  const set = (value: unknown) => {
    setValue(name, value);
    commit(name, value, { merge: false });
  };
  if (!present) {
    return (
      <HStack
        justify="space-between"
        borderWidth="1px"
        borderStyle="dashed"
        borderColor="border.emphasized"
        borderRadius="md"
        px="3"
        py="2"
        data-pointer={pointer}
        tabIndex={-1}
      >
        <Text fontSize="sm">{label}: not set</Text>
        {!readOnly && (
          <Button size="xs" variant="outline" onClick={() => set(skeleton(schema))}>
            Add {inSentence(label)}
          </Button>
        )}
      </HStack>
    );
  }
  const headingId = `section-${pointer.replace(/[^\w-]/g, '_')}`;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      data-form-level=""
      data-pointer={pointer}
      tabIndex={-1}
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      p="3"
      bg="bg"
    >
      <HStack justify="space-between" mb="2">
        <Heading as={`h${level}`} size="sm" id={headingId}>
          {label}
        </Heading>
        {optional && !readOnly && (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => set(undefined)}>
            Remove {inSentence(label)}
          </Button>
        )}
      </HStack>
      {schema.node.description && (
        <Text fontSize="sm" color="fg.muted" mb="3">
          {schema.node.description}
        </Text>
      )}
      <Stack gap="3">
        {children ?? <SchemaProperties name={name} schema={schema} level={Math.min(level + 1, 6) as HeadingLevel} />}
      </Stack>
    </Box>
  );
}

function ObjectRenderer(props: SchemaFieldProps) {
  return <SchemaSection {...props} />;
}

function ObjectListRenderer({ name, schema, label, level }: SchemaFieldProps) {
  const item = childSchema(schema, '0')!;
  const noun = labelFor(item.ref?.split('/').pop() ?? 'item').toLowerCase();
  return (
    <SortableList
      name={name}
      label={label}
      noun={noun}
      level={level}
      newItem={() => skeleton(item) as Record<string, unknown>}
      describe={describeItem}
      renderItem={(itemName) =>
        fieldKind(item) === 'object' ? (
          <SchemaProperties name={itemName} schema={item} level={Math.min(level + 2, 6) as HeadingLevel} />
        ) : (
          <SchemaField name={itemName} schema={item} label={label} optional={false} level={level} />
        )
      }
    />
  );
}

/** A map (names per language…): one text box per key it holds, and a box to add a key. */
function MapRenderer({ name, schema, label, level }: SchemaFieldProps) {
  const value = (useWatch({ name }) ?? {}) as Record<string, unknown>;
  const { setValue } = useFormContext();
  const { commit, readOnly } = useFormBinding();
  const entry = childSchema(schema, '*')!;
  const add = (key: string) => {
    if (key === '' || key in value) return;
    const next = { ...value, [key]: skeleton(entry) };
    setValue(name, next);
    commit(name, next, { merge: false });
  };
  return (
    <SchemaSection name={name} schema={schema} label={label} optional level={level}>
      {Object.keys(value).map((key) => (
        <SchemaField key={key} name={`${name}.${key}`} schema={entry} label={key} optional level={level} />
      ))}
      {!readOnly && (
        <Field.Root>
          <Field.Label>Add a key</Field.Label>
          <Input
            size="sm"
            maxW="40"
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), add(e.currentTarget.value.trim()))}
          />
          <Field.HelperText>Type the key and press Enter.</Field.HelperText>
        </Field.Root>
      )}
    </SchemaSection>
  );
}

/** A schema the generator cannot draw: said at the place, so the coverage test and a reader both see it. */
function UnsupportedRenderer({ name, label }: SchemaFieldProps) {
  return (
    <Text color="red.700" fontSize="sm" data-unsupported={fieldNameToPointer(name)}>
      {label}: no generated field for this schema; edit it in the JSON view.
    </Text>
  );
}

const RENDERERS = {
  text: TextRenderer,
  enum: EnumRenderer,
  number: NumberRenderer,
  boolean: BooleanRenderer,
  rule: RuleRenderer,
  menuItem: MenuItemRenderer,
  object: ObjectRenderer,
  objectList: ObjectListRenderer,
  valueList: ValueListRenderer,
  map: MapRenderer,
  unsupported: UnsupportedRenderer,
} satisfies Record<FieldKind, ComponentType<SchemaFieldProps>>;

/** One value of the document, drawn from its schema. */
export function SchemaField(props: SchemaFieldProps) {
  const Renderer = RENDERERS[fieldKind(props.schema)];
  return <Renderer {...props} />;
}
