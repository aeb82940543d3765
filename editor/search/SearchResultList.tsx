import { Box } from '@chakra-ui/react';
import { memo, useEffect, useRef } from 'react';
import { documentName } from '../names/document-names';
import { FlagIcon } from '../../runtime/components/MarketPicker/FlagIcon';
import type { DocumentId } from '../../schemas/contracts';
import { highlightParts } from './highlight';
import type { SearchGroup, SearchHit } from './search-match';
import { trailText } from './search-text';

export interface SearchResultListProps {
  id: string;
  groups: readonly SearchGroup[];
  /** Words to mark in the results; none for a URL query. */
  terms: readonly string[];
  /** Index of the active hit, over every group's hits in order. */
  active: number;
  /** The query these results are for, on the list as data-query (the speed test waits for it). */
  query: string;
  fromEditor: DocumentId | null;
  optionId: (index: number) => string;
  onActivate: (index: number) => void;
  onChoose: (hit: SearchHit) => void;
}

const FIELD_NAMES = { label: 'label', href: 'link', id: 'id' } as const;

/**
 * Styles for the whole list, set once on its root: the rows are plain elements, because a keystroke can render a
 * hundred of them and a styled component per part made that the slowest step (docs/editor-search.md#search-speed).
 */
const LIST_CSS = {
  '& [role=group]': { marginBottom: '3' },
  '& .search-group-heading': {
    display: 'flex',
    alignItems: 'baseline',
    gap: '2',
    paddingX: '2',
    paddingY: '1',
    position: 'sticky',
    top: '0',
    zIndex: '1',
    background: 'bg',
    borderBottomWidth: '1px',
    borderColor: 'border',
  },
  '& .search-group-name': { fontWeight: 'semibold' },
  '& .search-flag': {
    display: 'inline-flex',
    alignSelf: 'center',
    borderRadius: '2px',
    overflow: 'hidden',
    boxShadow: '0 0 0 1px rgba(0,0,0,0.15)',
  },
  '& .search-muted': { color: 'fg.muted', fontSize: 'sm' },
  '& .search-count': { color: 'fg.muted', fontSize: 'xs', marginStart: 'auto' },
  '& .search-badge': {
    fontSize: 'xs',
    paddingX: '1.5',
    borderRadius: 'sm',
    background: 'blue.subtle',
    color: 'blue.fg',
  },
  '& [role=option]': { display: 'block', cursor: 'pointer', paddingX: '2', paddingY: '1.5', borderRadius: 'sm' },
  '& [role=option][aria-selected=true]': {
    background: 'blue.subtle',
    outline: '2px solid',
    outlineColor: 'blue.solid',
    outlineOffset: '-2px',
  },
  '& .search-name': { fontWeight: 'medium', marginEnd: '2' },
  '& .search-field': { color: 'fg.muted', fontSize: 'xs' },
  '& .search-meta': {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: '3',
    color: 'fg.muted',
    fontSize: 'xs',
    fontFamily: 'mono',
  },
  '& mark': { background: 'yellow.subtle', color: 'inherit', borderRadius: 'xs' },
} as const;

function Marked({ text, terms }: { text: string; terms: readonly string[] }) {
  return highlightParts(text, terms).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text));
}

interface OptionProps {
  hit: SearchHit;
  index: number;
  id: string;
  selected: boolean;
  terms: readonly string[];
  onActivate: (index: number) => void;
  onChoose: (hit: SearchHit) => void;
}

const Option = memo(function Option({ hit, index, id, selected, terms, onActivate, onChoose }: OptionProps) {
  const { entry } = hit;
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      onPointerMove={selected ? undefined : () => onActivate(index)}
      onClick={() => onChoose(hit)}
    >
      <span className="search-name">
        <Marked text={entry.name} terms={terms} />
      </span>
      {hit.field !== 'label' && <span className="search-field">matched its {FIELD_NAMES[hit.field]}</span>}
      <div className="search-muted" data-part="trail">
        {trailText([...entry.trail, entry.name])}
      </div>
      {(entry.href || entry.id) && (
        <div className="search-meta">
          {entry.href && <code>{entry.href.value}</code>}
          {entry.id && <span>id {entry.id}</span>}
        </div>
      )}
    </div>
  );
});

/**
 * The results as a listbox of one group per document (docs/editor-search.md#search-results). The input keeps focus and
 * points at the active option (aria-activedescendant), so arrows move through groups without leaving the field.
 */
export function SearchResultList({
  id,
  groups,
  terms,
  active,
  query,
  fromEditor,
  optionId,
  onActivate,
  onChoose,
}: SearchResultListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active, groups]);

  let index = 0;
  return (
    <Box ref={listRef} id={id} role="listbox" aria-label="Results" data-query={query} css={LIST_CSS}>
      {groups.map((group) => {
        const { name, flag } = documentName(group.documentId);
        const headingId = `${id}-${group.documentId}`;
        return (
          <div key={group.documentId} role="group" aria-labelledby={headingId} data-document={group.documentId}>
            <div id={headingId} role="presentation" className="search-group-heading">
              {flag && (
                <span className="search-flag">
                  <FlagIcon code={flag} />
                </span>
              )}
              <span className="search-group-name">{name}</span>
              <span className="search-muted">{group.documentId}</span>
              {fromEditor === group.documentId && <span className="search-badge">open, with your edits</span>}
              {group.total > group.hits.length && (
                <span className="search-count">
                  {group.hits.length} of {group.total}
                </span>
              )}
            </div>
            {group.hits.map((hit) => {
              const i = index++;
              return (
                <Option
                  key={hit.entry.pointer}
                  hit={hit}
                  index={i}
                  id={optionId(i)}
                  selected={i === active}
                  terms={terms}
                  onActivate={onActivate}
                  onChoose={onChoose}
                />
              );
            })}
          </div>
        );
      })}
    </Box>
  );
}
