import { Box, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { ProblemCount } from './ProblemCount';
import { useId, type ReactNode } from 'react';
import { get, useFormState } from 'react-hook-form';
import { fieldNameToPointer } from '../store/json-path';
import { countErrors } from '../validation/form-resolver';
import { useFormUi } from './form-ui-store';
import { ChevronDownIcon, ChevronRightIcon } from './icons';

export interface GroupProps {
  /** The RHF name of the object or list the group shows ('' for the whole document). */
  name: string;
  title: string;
  /** Heading level of the title; nested groups go one deeper. */
  level?: 2 | 3 | 4 | 5 | 6;
  /** Controls beside the title (move, remove); never inside the toggle button. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A collapsible part of the form. Closed groups render nothing inside (large documents stay fast); the title
 * carries a mark with the number of problems inside, so a collapsed group with an error is visible.
 * Open state lives in the form UI store, keyed by JSON pointer. Each group is one nesting level
 * (`data-form-level`, docs/editor-form.md#layout).
 */
export function Group({ name, title, level = 3, actions, children }: GroupProps) {
  const pointer = fieldNameToPointer(name);
  const open = useFormUi((s) => s.open[pointer] === true);
  const toggle = useFormUi((s) => s.toggle);
  const { errors } = useFormState({ name: name === '' ? undefined : name });
  const problems = countErrors(name === '' ? errors : get(errors, name));
  const id = useId();
  return (
    <Box
      role="group"
      aria-labelledby={`${id}-title`}
      data-form-level=""
      borderWidth="1px"
      borderRadius="md"
      borderColor={problems > 0 ? 'red.300' : 'border'}
      bg="bg"
    >
      <HStack gap="1" pe="1">
        <Heading as={`h${level}`} size="sm" flex="1" minW="0">
          <Button
            id={`${id}-title`}
            variant="ghost"
            size="sm"
            w="full"
            justifyContent="flex-start"
            fontWeight="semibold"
            aria-expanded={open}
            aria-controls={open ? `${id}-content` : undefined}
            data-pointer={pointer}
            onClick={() => toggle(pointer)}
          >
            {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
            <Box as="span" truncate>
              {title}
            </Box>
            <ProblemCount problems={problems} />
          </Button>
        </Heading>
        {actions}
      </HStack>
      {open && (
        <Stack id={`${id}-content`} gap="3" px="3" pb="3" pt="1">
          {children}
        </Stack>
      )}
    </Box>
  );
}
