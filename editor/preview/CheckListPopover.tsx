import { Box, Button, Checkbox, Popover, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface CheckListItem {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
}

export interface CheckListGroup {
  label?: string;
  items: readonly CheckListItem[];
}

export interface CheckListPopoverProps {
  /** The button's text, e.g. "Flags · 4 on". */
  trigger: string;
  title: string;
  groups: readonly CheckListGroup[];
  onToggle: (id: string, checked: boolean) => void;
  /** Above the list, e.g. "Registry defaults". */
  header?: ReactNode;
}

/** A toolbar button that opens a list of checkboxes (flags, access, data variants). */
export function CheckListPopover({ trigger, title, groups, onToggle, header }: CheckListPopoverProps) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline">
          {trigger}
        </Button>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content w="sm" maxW="calc(100vw - 2rem)">
          <Popover.Arrow />
          <Popover.Body maxH="60vh" overflowY="auto">
            <Stack gap="3">
              <Popover.Title fontWeight="semibold">{title}</Popover.Title>
              {header}
              {groups.map((group, index) => (
                <Stack key={group.label ?? index} gap="1.5" role="group" aria-label={group.label ?? title}>
                  {group.label && (
                    <Text fontSize="xs" fontWeight="semibold" color="gray.700" textTransform="uppercase">
                      {group.label}
                    </Text>
                  )}
                  {group.items.map((item) => (
                    <Checkbox.Root
                      key={item.id}
                      size="sm"
                      checked={item.checked}
                      disabled={item.disabled}
                      onCheckedChange={(e) => onToggle(item.id, e.checked === true)}
                      alignItems="flex-start"
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control mt="0.5" />
                      <Checkbox.Label>
                        <Box as="span" display="block" fontFamily="mono" fontSize="sm">
                          {item.label}
                        </Box>
                        {item.description && (
                          <Box as="span" display="block" fontSize="xs" color="gray.700" fontWeight="normal">
                            {item.description}
                          </Box>
                        )}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
              ))}
            </Stack>
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}
