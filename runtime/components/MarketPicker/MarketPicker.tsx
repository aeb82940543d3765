import { useId, useRef, useState } from 'react';
import type { FooterModel, MarketModel } from '../../resolver';
import { mediaQueries } from '../../theme/breakpoints';
import { Glyph } from '../shared/Glyph';
import { useDismiss } from '../shared/use-dismiss';
import { useBrowserRender } from '../shared/use-hydrating';
import { useMediaQuery } from '../shared/use-media-query';
import { FlagIcon } from './FlagIcon';
import { MarketDialog } from './MarketDialog';
import { MarketList } from './MarketList';

/** The dropdown's width, also what the button checks for room on its right. */
const DROPDOWN_WIDTH_PX = 480;

export interface MarketPickerProps {
  picker: NonNullable<FooterModel['marketPicker']>;
  /** Accessible name of the dialog's close button (the footer strings have none of their own). */
  closeLabel: string;
  onChooseMarket: (market: MarketModel) => void;
}

/**
 * Country/market picker: a button showing the current market that opens a dropdown from md up, and a modal
 * dialog below md. Server-rendered HTML, and the render that hydrates it, hold a <details> whose summary looks
 * like that button and whose content is the list of links, so changing market works without script
 * (docs/rules.md#market-picker); the browser's next render swaps in the button.
 */
export function MarketPicker(props: MarketPickerProps) {
  const browser = useBrowserRender();
  if (props.picker.markets.length === 0) return null;
  return browser ? <MarketMenu {...props} /> : <MarketDisclosure {...props} />;
}

/** What the button shows: the current market's flag and name, and a chevron. */
function TriggerContent({
  current,
  label,
  valueId,
  open,
}: {
  current: MarketModel | undefined;
  label: string;
  valueId: string;
  open: boolean;
}) {
  return (
    <>
      {current && <FlagIcon code={current.flag} />}
      <span id={valueId}>{current?.country ?? label}</span>
      <Glyph name="chevron-down" size="16px" flipped={open} />
    </>
  );
}

function useIds() {
  const baseId = useId().replace(/:/g, '');
  return { labelId: `${baseId}-label`, valueId: `${baseId}-value`, panelId: `${baseId}-panel` };
}

/** The picker without script: a native disclosure of plain links. */
function MarketDisclosure({ picker, onChooseMarket }: MarketPickerProps) {
  const { labelId, valueId } = useIds();
  const current = picker.markets.find((market) => market.current);
  return (
    <div className="ps-market-picker" data-testid="market-picker">
      <span id={labelId} className="ps-market-picker__label">
        {picker.label}
      </span>
      <details>
        {/* Named "label + current market", as the button is. */}
        <summary className="ps-market-picker__trigger" aria-labelledby={`${labelId} ${valueId}`}>
          <TriggerContent current={current} label={picker.label} valueId={valueId} open={false} />
        </summary>
        <div className="ps-floating-panel ps-floating-panel--on-light ps-market-picker__fallback-panel">
          <MarketList markets={picker.markets} columns={1} onChooseMarket={onChooseMarket} />
        </div>
      </details>
    </div>
  );
}

/** The picker with script: a dropdown from md up, a modal dialog below. The dropdown closes on an outside click, Escape and focus leaving. */
function MarketMenu({ picker, closeLabel, onChooseMarket }: MarketPickerProps) {
  const [open, setOpen] = useState(false);
  // The dropdown opens towards the side with room: the picker sits left or right depending on layout.
  const [alignEnd, setAlignEnd] = useState(false);
  const isModal = !useMediaQuery(mediaQueries.md);
  const { labelId, valueId, panelId } = useIds();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = picker.markets.find((market) => market.current);

  const close = () => setOpen(false);
  useDismiss({ open: open && !isModal, insideRefs: [wrapperRef], triggerRef: buttonRef, onDismiss: close });
  const closeDialog = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div ref={wrapperRef} className="ps-market-picker" data-testid="market-picker">
      <span id={labelId} className="ps-market-picker__label">
        {picker.label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="ps-market-picker__trigger"
        // Named "label + current market", e.g. "Choose your country United Kingdom".
        aria-labelledby={`${labelId} ${valueId}`}
        aria-expanded={open}
        aria-controls={isModal ? undefined : panelId}
        aria-haspopup={isModal ? 'dialog' : undefined}
        onClick={() => {
          const rect = buttonRef.current?.getBoundingClientRect();
          if (rect) setAlignEnd(rect.left + DROPDOWN_WIDTH_PX > window.innerWidth);
          setOpen((value) => !value);
        }}
      >
        <TriggerContent current={current} label={picker.label} valueId={valueId} open={open} />
      </button>

      {!isModal && (
        <div
          id={panelId}
          hidden={!open}
          className={`ps-floating-panel ps-floating-panel--on-light ps-market-picker__dropdown${alignEnd ? ' ps-market-picker__dropdown--align-end' : ''}`}
          style={{ width: DROPDOWN_WIDTH_PX }}
          data-testid="market-dropdown"
        >
          <MarketList markets={picker.markets} columns={2} onChooseMarket={onChooseMarket} />
        </div>
      )}
      {isModal && open && (
        <MarketDialog title={picker.label} closeLabel={closeLabel} onClose={closeDialog}>
          <MarketList markets={picker.markets} columns={1} onChooseMarket={onChooseMarket} />
        </MarketDialog>
      )}
    </div>
  );
}
