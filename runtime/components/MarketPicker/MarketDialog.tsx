import { useId, useRef, type ReactNode } from 'react';
import { Glyph } from '../shared/Glyph';
import { useBodyScrollLock } from '../shared/use-body-scroll-lock';
import { useFocusTrap } from '../shared/use-focus-trap';

export interface MarketDialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The market picker on small screens: a modal dialog (WAI-ARIA dialog pattern). Focus moves in
 * and stays in; Escape, the close button and a tap on the backdrop close it. The opener
 * restores focus to its button. Styled by market-picker.css; a root of its own (.ps-root), since it
 * covers the page rather than sitting in the footer's colours.
 */
export function MarketDialog({ title, closeLabel, onClose, children }: MarketDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, true);
  useBodyScrollLock(true);

  return (
    <div className="ps-root ps-market-dialog">
      <div className="ps-market-dialog__backdrop" onClick={onClose} data-testid="market-dialog-backdrop" />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="ps-market-dialog__box"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="ps-market-dialog__head">
          <h2 id={titleId} className="ps-market-dialog__title">
            {title}
          </h2>
          <button type="button" className="ps-market-dialog__close" aria-label={closeLabel} onClick={onClose}>
            <Glyph name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
