import { CloseButton, Dialog, Flex, Input, InputGroup, Kbd, Portal, Stack, Text } from '@chakra-ui/react';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { isDocumentId } from '../../schemas/validator/documents';
import { draftStore } from '../store/draft-store';
import { firstRows } from './first-rows';
import { useSearchDialog } from './search-dialog-store';
import { draftIndex, useDraftIndex } from './search-index-instance';
import { searchEntries, type SearchHit } from './search-match';
import { resultHref, statusText } from './search-text';
import { SearchIcon } from './SearchIcon';
import { SearchResultList } from './SearchResultList';

/**
 * Search everywhere (docs/editor-search.md): labels, links and ids in every document's draft, grouped by document.
 * Its own lazy chunk; the app bar and Ctrl/⌘ K open it through useSearchDialog.
 */
export default function SearchDialog() {
  const { open, query: startQuery, openings, closeSearch } = useSearchDialog();
  const [query, setQuery] = useState(startQuery);
  const [active, setActive] = useState(0);
  const [restoreFocus, setRestoreFocus] = useState(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const selectOnFocus = useRef(false);
  const index = useDraftIndex();
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const statusId = useId();

  // Each opening: take the query it was opened with, search the open document's edits, bring the rest up to date.
  useEffect(() => {
    if (!open) return;
    setQuery(useSearchDialog.getState().query);
    setActive(0);
    // The last words come back selected, so typing replaces them: selected when the dialog focuses the field, since
    // select() would focus it early and the dialog would then take the field for what to give focus back to.
    selectOnFocus.current = true;
    setRestoreFocus(true);
    const onPage = matchPath('/documents/:id', location.pathname)?.params.id;
    const { documentId, value } = draftStore.getState();
    draftIndex.useEditorDraft(onPage && documentId === onPage && isDocumentId(onPage) ? onPage : null, value);
    void draftIndex.refresh();
    // Only a new opening starts over; a route change while open does not.
  }, [open, openings]);

  const results = useMemo(() => searchEntries(index.documents, query), [index.documents, query]);
  // A keystroke paints its first rows at once; the rest follow in a render that the next keystroke may interrupt
  // (docs/editor-search.md#search-speed). The shown rows are the first of `hits`, so their indices agree.
  const settledQuery = useDeferredValue(query);
  const shownGroups = useMemo(
    () => (settledQuery === query ? results.groups : firstRows(results.groups)),
    [settledQuery, query, results],
  );
  const hits = useMemo(() => results.groups.flatMap((g) => g.hits), [results]);
  const terms = useMemo(
    () => (results.mode === 'text' ? query.trim().split(/\s+/).filter(Boolean) : []),
    [results.mode, query],
  );
  const activeIndex = Math.min(active, Math.max(hits.length - 1, 0));
  const optionId = (i: number) => `${listId}-option-${i}`;

  const choose = useCallback(
    (hit: SearchHit) => {
      // The document page focuses the field; handing focus back to the button would take it away again.
      setRestoreFocus(false);
      closeSearch(query);
      void navigate(resultHref(hit.entry.documentId, hit.pointer));
    },
    [closeSearch, navigate, query],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[activeIndex];
      if (hit) choose(hit);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && closeSearch(query)}
      placement="top"
      size="lg"
      scrollBehavior="inside"
      initialFocusEl={() => inputRef.current}
      restoreFocus={restoreFocus}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="search-dialog">
            <Dialog.Header pb="2" pe="12">
              <Dialog.Title srOnly>Search everywhere</Dialog.Title>
              <Stack gap="1" width="full">
                <InputGroup startElement={<SearchIcon />}>
                  <Input
                    ref={inputRef}
                    value={query}
                    onChange={(e) => {
                      setQuery(e.target.value);
                      setActive(0);
                    }}
                    onKeyDown={onKeyDown}
                    onFocus={(e) => {
                      if (!selectOnFocus.current) return;
                      selectOnFocus.current = false;
                      e.currentTarget.select();
                    }}
                    placeholder="Label, id, link or URL path (/festgeld/)"
                    aria-label="Search labels, ids and links in every document"
                    role="combobox"
                    aria-autocomplete="list"
                    aria-expanded={hits.length > 0}
                    aria-controls={listId}
                    aria-activedescendant={hits.length > 0 ? optionId(activeIndex) : undefined}
                    aria-describedby={statusId}
                    autoComplete="off"
                    spellCheck={false}
                  />
                </InputGroup>
                <Text id={statusId} role="status" fontSize="sm" color="fg.muted">
                  {statusText(query, results, index)}
                </Text>
                {index.errors.map((error) => (
                  <Text key={error} fontSize="sm" color="red.700">
                    {error}
                  </Text>
                ))}
              </Stack>
            </Dialog.Header>
            {/* Focusable so the results can be scrolled from the keyboard too; the arrows in the field scroll them as well. */}
            <Dialog.Body pt="0" tabIndex={0} role="region" aria-label="Search results">
              {query.trim() === '' && (
                <Text color="fg.muted" fontSize="sm">
                  Searches the drafts of every document: item labels, ids and links. A path such as{' '}
                  <strong>/festgeld/</strong> or a full URL finds every item that links there.
                </Text>
              )}
              <SearchResultList
                id={listId}
                groups={shownGroups}
                terms={terms}
                active={activeIndex}
                query={query}
                fromEditor={index.fromEditor}
                optionId={optionId}
                onActivate={setActive}
                onChoose={choose}
              />
            </Dialog.Body>
            <Dialog.Footer justifyContent="flex-start" py="2" borderTopWidth="1px">
              <Flex gap="4" fontSize="xs" color="fg.muted" wrap="wrap">
                <span>
                  <Kbd size="sm">↑</Kbd> <Kbd size="sm">↓</Kbd> move
                </span>
                <span>
                  <Kbd size="sm">Enter</Kbd> open at the field
                </span>
                <span>
                  <Kbd size="sm">Esc</Kbd> close
                </span>
              </Flex>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the search" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
