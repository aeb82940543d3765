import { useId, useState, type CSSProperties } from 'react';
import type { FooterModel } from '../../resolver';
import { Glyph } from '../shared/Glyph';
import type { OnFooterLinkTap } from './footer-tap';
import { FooterLinkItem } from './FooterLinkItem';

export interface FooterColumnsProps {
  columns: FooterModel['columns'];
  onOpenConsentSettings: () => void;
  /** Column count from lg up (at most 2 from md); the v2 layout gives the columns the full width. */
  desktopColumns: number;
  /** Reports link taps with section `column:<column id>`. */
  onLinkTap?: OnFooterLinkTap;
}

/**
 * Link columns: a heading and links per column from md up; below md each column is an accordion
 * (a button with aria-expanded). One markup serves both, switched by CSS (footer-columns.css), so the
 * desktop columns need no script, the links exist only once in the page, and the server's HTML is right
 * at every width. The column counts reach the CSS as custom properties.
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
  const counts = {
    '--ps-footer-columns-md': Math.min(desktopColumns, 2),
    '--ps-footer-columns-lg': desktopColumns,
  } as CSSProperties;

  return (
    <div className="ps-footer-columns" style={counts} data-testid="footer-columns">
      {columns.map((column) => {
        const open = expanded.has(column.id);
        const listId = `${baseId}-${column.id}`;
        return (
          <div key={column.id} className="ps-footer-columns__column">
            <h2 className="ps-footer-columns__heading">{column.heading}</h2>
            <h2 className="ps-footer-columns__toggle-heading">
              <button
                type="button"
                className="ps-footer-columns__toggle"
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => toggle(column.id)}
              >
                {column.heading}
                <Glyph name="chevron-down" flipped={open} />
              </button>
            </h2>
            <ul id={listId} className="ps-footer-columns__list" data-state={open ? 'open' : 'closed'}>
              {column.links.map((link) => (
                <li key={link.id}>
                  <FooterLinkItem
                    item={link}
                    onOpenConsentSettings={onOpenConsentSettings}
                    section={`column:${column.id}`}
                    onTap={onLinkTap}
                    className="ps-footer-columns__link"
                  />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
