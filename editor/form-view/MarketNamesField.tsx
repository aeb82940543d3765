/**
 * A market entry's `names`: its name per page language, for an entry Intl.DisplayNames cannot name (other/EU;
 * docs/rules.md#market-picker). One box per language of the locale registry; the map is written as a whole, so
 * clearing the last box removes `names` instead of leaving the empty map the schema refuses.
 */
import { Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useController, useFormContext } from 'react-hook-form';
import { LOCALE_REGISTRY } from '../../schemas/locale-registry';
import { fieldNameToPointer } from '../store/json-path';
import { errorText } from './fields';
import { useFormBinding } from './form-binding';

const LANGUAGES = Object.keys(LOCALE_REGISTRY.languages);
const languageName = new Intl.DisplayNames(['en'], { type: 'language' });

type Names = Record<string, string>;

/** The map after one language's box changed: an empty box drops its key, an empty map is no map. */
export function namesAfterEdit(current: unknown, language: string, raw: string): Names | undefined {
  const next: Names = { ...(current && typeof current === 'object' ? (current as Names) : {}) };
  if (raw === '') delete next[language];
  else next[language] = raw;
  return Object.keys(next).length > 0 ? next : undefined;
}

export function MarketNamesField({ name }: { name: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const { readOnly, commit } = useFormBinding();
  const names = (field.value && typeof field.value === 'object' ? field.value : {}) as Names;
  const message = errorText(fieldState.error);
  const change = (language: string, raw: string) => {
    const next = namesAfterEdit(field.value, language, raw);
    field.onChange(next);
    commit(name, next);
  };
  return (
    <Field.Root invalid={!!message} readOnly={readOnly} data-pointer={fieldNameToPointer(name)}>
      <Field.Label>Names per language (optional)</Field.Label>
      <Text fontSize="xs" color="gray.600" mb="1">
        Only for an entry that is not one country, such as Other / EU. A country is named in the page&apos;s language
        from its 2-letter code.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" width="100%">
        {LANGUAGES.map((language) => (
          <Field.Root key={language} readOnly={readOnly}>
            <Field.Label fontWeight="normal">
              {languageName.of(language)} ({language})
            </Field.Label>
            <Input
              size="sm"
              variant={readOnly ? 'subtle' : 'outline'}
              value={names[language] ?? ''}
              data-pointer={fieldNameToPointer(`${name}.${language}`)}
              onBlur={field.onBlur}
              onChange={(event) => change(language, event.target.value)}
            />
          </Field.Root>
        ))}
      </SimpleGrid>
      {message && <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}
