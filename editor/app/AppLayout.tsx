import { Box, Button, Flex, HStack, Link as ChakraLink, Stack, Text, type StackProps } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useSessionStore } from '../auth/session-store';
import { SearchButton } from '../search/SearchButton';
import { useSearchDialog } from '../search/search-dialog-store';
import { useSearchShortcut } from '../search/search-shortcut';
import { NAV_LINKS, ROLE_LABELS } from './app-bar-links';
import { AppMenu } from './AppMenu';

/** The search dialog and its index are a chunk of their own, loaded on the first opening (or a hover on its button). */
const loadSearchDialog = () => import('../search/SearchDialog');
const SearchDialog = lazy(loadSearchDialog);

/**
 * From `lg` (1024 px) the bar shows everything in one row; below, the links, who is signed in and Sign out go
 * into its menu, so the bar stays one row (docs/editor-workspace.md#small-screens).
 */
const WIDE = { base: 'none', lg: 'flex' } as const;

/** The main navigation's links; `onNavigate` closes the small screens' menu. */
function MainNav({ onNavigate, ...stack }: StackProps & { onNavigate?: () => void }) {
  return (
    <Stack as="nav" aria-label="Main" {...stack}>
      {NAV_LINKS.map((link) => (
        <ChakraLink
          key={link.to}
          asChild
          color="white"
          css={{ '&[aria-current=page]': { textDecoration: 'underline', textUnderlineOffset: '4px' } }}
        >
          <NavLink to={link.to} end={link.end} onClick={onNavigate}>
            {link.label}
          </NavLink>
        </ChakraLink>
      ))}
    </Stack>
  );
}

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
  // Separate text nodes, as the bar has always rendered them: one joined string shapes a fraction of a pixel wider.
  const who = session && (
    <>
      {session.username} ({ROLE_LABELS[session.role]})
    </>
  );
  const onSignOut = () => void signOut().finally(() => navigate('/signin', { replace: true }));

  return (
    <Flex direction="column" minH="100vh">
      <Box as="header" position="relative" bg="gray.900" color="white" px="4" py="2">
        <HStack justify="space-between" gap="4" wrap={{ base: 'nowrap', lg: 'wrap' }}>
          <HStack gap="6" wrap="wrap" minW="0">
            <ChakraLink asChild color="white" fontWeight="bold" whiteSpace="nowrap">
              <Link to="/">Portal editor</Link>
            </ChakraLink>
            <MainNav direction="row" align="center" gap="4" display={WIDE} />
          </HStack>
          <HStack gap="3" wrap={{ base: 'nowrap', lg: 'wrap' }}>
            <SearchButton onIntent={() => void loadSearchDialog()} />
            {who && (
              <Text fontSize="sm" display={{ base: 'none', lg: 'block' }}>
                {who}
              </Text>
            )}
            <Button
              size="sm"
              variant="outline"
              color="white"
              _hover={{ bg: 'gray.700' }}
              display={{ base: 'none', lg: 'inline-flex' }}
              onClick={onSignOut}
            >
              Sign out
            </Button>
            <AppMenu display={{ base: 'block', lg: 'none' }}>
              {(close) => (
                <Stack gap="3">
                  <MainNav direction="column" gap="0" onNavigate={close} css={{ '& a': { paddingBlock: '2' } }} />
                  {who && (
                    <Text fontSize="sm" color="gray.300" borderTopWidth="1px" borderColor="gray.700" pt="3">
                      Signed in as {who}
                    </Text>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    color="white"
                    _hover={{ bg: 'gray.700' }}
                    alignSelf="flex-start"
                    onClick={onSignOut}
                  >
                    Sign out
                  </Button>
                </Stack>
              )}
            </AppMenu>
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
