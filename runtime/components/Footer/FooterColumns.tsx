import { Box, chakra, Grid } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { FooterModel } from '../../resolver';
import { Glyph } from '../shared/Glyph';
import type { OnFooterLinkTap } from './footer-tap';
import { FooterLinkItem } from './FooterLinkItem';

export interface FooterColumnsProps {
  columns: FooterModel['columns'];
  onOpenConsentSettings: () => void;
  /** Column count from md up; the v2 layout gives the columns the full width. */
  desktopColumns: number;
  /** Reports link taps with section `column:<column id>`. */
  onLinkTap?: OnFooterLinkTap;
}

const linkStyles = { color: 'inherit', textDecoration: 'none', _hover: { textDecoration: 'underline' }, _currentPage: { fontWeight: 'bold' } } as const;

/**
 * Link columns: a heading and links per column from md up; below md each column is an accordion
 * (a button with aria-expanded). One markup serves both, switched by CSS, so the desktop columns
 * need no script and the links exist only once in the page.
 */
export function FooterColumns({ columns, onOpenConsentSettings, desktopColumns, onLinkTap }: FooterColumnsProps) {
  const baseId = useId().replace(/:/g, '');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Grid templateColumns={{ base: '1fr', md: `repeat(${Math.min(desktopColumns, 2)}, minmax(0, 1fr))`, lg: `repeat(${desktopColumns}, minmax(0, 1fr))` }} gap={{ base: '0', md: '8' }} data-testid="footer-columns">
      {columns.map((column) => {
        const open = expanded.has(column.id);
        const listId = `${baseId}-${column.id}`;
        return (
          <Box key={column.id} borderBottomWidth={{ base: '1px', md: '0' }} borderColor="var(--footer-rule)">
            <chakra.h2 display={{ base: 'none', md: 'block' }} mb="3" fontSize="md" fontWeight="bold">
              {column.heading}
            </chakra.h2>
            <chakra.h2 display={{ base: 'block', md: 'none' }} fontSize="md" fontWeight="bold">
              <chakra.button
                type="button"
                display="flex"
                alignItems="center"
                justifyContent="space-between"
                w="100%"
                minH="48px"
                textAlign="start"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => toggle(column.id)}
              >
                {column.heading}
                <Glyph name="chevron-down" flipped={open} />
              </chakra.button>
            </chakra.h2>
            <chakra.ul
              id={listId}
              data-state={open ? 'open' : 'closed'}
              display={{ base: open ? 'grid' : 'none', md: 'grid' }}
              gap="2"
              pb={{ base: '4', md: '0' }}
            >
              {column.links.map((link) => (
                <li key={link.id}>
                  <FooterLinkItem item={link} onOpenConsentSettings={onOpenConsentSettings} section={`column:${column.id}`} onTap={onLinkTap} css={linkStyles} />
                </li>
              ))}
            </chakra.ul>
          </Box>
        );
      })}
    </Grid>
  );
}
