import { Box, Button, Flex, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import type { Role } from '../../schemas/contracts';
import { useSessionStore } from '../auth/session-store';
import { SearchButton } from '../search/SearchButton';
import { useSearchDialog } from '../search/search-dialog-store';
import { useSearchShortcut } from '../search/search-shortcut';

/** The search dialog and its index are a chunk of their own, loaded on the first opening (or a hover on its button). */
const loadSearchDialog = () => import('../search/SearchDialog');
const SearchDialog = lazy(loadSearchDialog);

/** How the app bar names each role, so people know what they may do. */
const ROLE_LABELS = {
  editor: 'editor',
  approver: 'approver, reviews and publishes',
  viewer: 'viewer, read-only',
} as const satisfies Record<Role, string>;

/** The pages every signed-in user can reach from the app bar. */
const NAV_LINKS = [
  { to: '/', label: 'Documents', end: true },
  { to: '/change-sets', label: 'Change sets', end: false },
  { to: '/items', label: 'Items across locales', end: false },
] as const;

/**
 * The app bar (landmark: banner) with the main navigation and the search (Ctrl/⌘ K anywhere, docs/editor-search.md),
 * and the page slot (main) shared by every signed-in page.
 */
export function AppLayout() {
  const session = useSessionStore((s) => s.session);
  const signOut = useSessionStore((s) => s.signOut);
  const navigate = useNavigate();
  useSearchShortcut();
  // Mounted from the first opening on, so closing can animate and hand focus back.
  const searchWanted = useSearchDialog((s) => s.openings > 0);

  return (
    <Flex direction="column" minH="100vh">
      <Box as="header" bg="gray.900" color="white" px="4" py="2">
        <HStack justify="space-between" gap="4" wrap="wrap">
          <HStack gap="6" wrap="wrap">
            <ChakraLink asChild color="white" fontWeight="bold">
              <Link to="/">Portal editor</Link>
            </ChakraLink>
            <HStack as="nav" aria-label="Main" gap="4">
              {NAV_LINKS.map((link) => (
                <ChakraLink key={link.to} asChild color="white" css={{ '&[aria-current=page]': { textDecoration: 'underline', textUnderlineOffset: '4px' } }}>
                  <NavLink to={link.to} end={link.end}>
                    {link.label}
                  </NavLink>
                </ChakraLink>
              ))}
            </HStack>
          </HStack>
          <HStack gap="3" wrap="wrap">
            <SearchButton onIntent={() => void loadSearchDialog()} />
            {session && (
              <Text fontSize="sm">
                {session.username} ({ROLE_LABELS[session.role]})
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
      {searchWanted && (
        <Suspense fallback={null}>
          <SearchDialog />
        </Suspense>
      )}
    </Flex>
  );
}
