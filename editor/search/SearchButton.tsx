import { Button, Kbd } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { isApplePlatform } from './search-shortcut';
import { useSearchDialog } from './search-dialog-store';
import { SearchIcon } from './SearchIcon';

export interface SearchButtonProps {
  /** Called on hover and focus, so the dialog's chunk can start loading before the click. */
  onIntent?: () => void;
}

/** The app bar's way into the search, showing its shortcut (docs/editor-search.md#opening-the-search). */
export function SearchButton({ onIntent }: SearchButtonProps) {
  const openSearch = useSearchDialog((s) => s.openSearch);
  const [apple, setApple] = useState(false);
  useEffect(() => setApple(isApplePlatform()), []);
  return (
    <Button
      size="sm"
      variant="outline"
      color="white"
      borderColor="gray.500"
      _hover={{ bg: 'gray.700' }}
      justifyContent="flex-start"
      minW={{ base: 'auto', md: '56' }}
      aria-keyshortcuts="Control+K Meta+K"
      aria-haspopup="dialog"
      onClick={() => openSearch()}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <SearchIcon />
      Search…
      <Kbd
        ms="auto"
        size="sm"
        colorPalette="gray"
        variant="subtle"
        whiteSpace="pre"
        display={{ base: 'none', md: 'inline-flex' }}
      >
        {/* One string: the Kbd is a flex box, which would drop the space between two text nodes. */}
        {`${apple ? '⌘' : 'Ctrl'} K`}
      </Kbd>
    </Button>
  );
}
