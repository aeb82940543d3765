import { Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Stack gap="3">
      <Heading as="h1" size="lg">
        Page not found
      </Heading>
      <Text>
        <ChakraLink asChild color="blue.700">
          <Link to="/">Back to the documents</Link>
        </ChakraLink>
      </Text>
    </Stack>
  );
}
