import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ChangeSet } from '../../schemas/contracts';
import { describeEvent, formatLocalTime, formatUtc } from './change-set-text';

/** Everything that happened to the set, newest first: who, what, when, and the member versions at that moment. */
export function ChangeSetHistory({ changeSet }: { changeSet: ChangeSet }) {
  const events = [...changeSet.events].reverse();
  return (
    <Box as="section" aria-labelledby="change-set-history" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="2">
        <Heading as="h2" size="md" id="change-set-history">
          History
        </Heading>
        <Stack as="ol" gap="1" listStyleType="none" data-testid="change-set-events">
          {events.map((event, i) => (
            <Box as="li" key={`${event.time}-${i}`}>
              <Text>
                <Text as="span" color="gray.700" fontSize="sm">
                  <time dateTime={event.time} title={formatUtc(event.time)}>
                    {formatLocalTime(event.time)}
                  </time>
                </Text>{' '}
                {describeEvent(event)}
              </Text>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
