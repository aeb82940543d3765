import { Box, Button, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { useSessionStore } from '../auth/session-store';

/** The app bar (landmark: banner) and the page slot (main) shared by every signed-in page. */
export function AppLayout() {
  const session = useSessionStore((s) => s.session);
  const signOut = useSessionStore((s) => s.signOut);
  const navigate = useNavigate();

  return (
    <Flex direction="column" minH="100vh">
      <Box as="header" bg="gray.900" color="white" px="4" py="2">
        <HStack justify="space-between" gap="4">
          <ChakraLink asChild color="white" fontWeight="bold">
            <Link to="/">Portal editor</Link>
          </ChakraLink>
          <HStack gap="3">
            {session && (
              <Text fontSize="sm">
                {session.username} ({session.role === 'editor' ? 'editor' : 'viewer, read-only'})
              </Text>
            )}
            <Button size="sm" variant="outline" color="white" _hover={{ bg: 'gray.700' }} onClick={() => signOut().finally(() => navigate('/signin', { replace: true }))}>
              Sign out
            </Button>
          </HStack>
        </HStack>
      </Box>
      <Box as="main" flex="1" p="4">
        <Outlet />
      </Box>
    </Flex>
  );
}
