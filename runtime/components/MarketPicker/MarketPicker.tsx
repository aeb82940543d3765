import { Box, chakra } from '@chakra-ui/react';
import { useId, useRef, useState } from 'react';
import type { FooterModel, MarketModel } from '../../resolver';
import { mediaQueries } from '../../theme/breakpoints';
import { focusRingOnLight } from '../shared/focus-ring';
import { Glyph } from '../shared/Glyph';
import { useDismiss } from '../shared/use-dismiss';
import { useMediaQuery } from '../shared/use-media-query';
import { FlagIcon } from './FlagIcon';
import { MarketDialog } from './MarketDialog';
import { MarketList } from './MarketList';
import panel from '../shared/floating-panel.module.css';

const DROPDOWN_WIDTH_PX = 480;

export interface MarketPickerProps {
  picker: NonNullable<FooterModel['marketPicker']>;
  /** Accessible name of the dialog's close button (the footer strings have none of their own). */
  closeLabel: string;
  onChooseMarket: (market: MarketModel) => void;
}

/**
 * Country/market picker: a button showing the current market that opens a dropdown from md up,
 * and a modal dialog below md. The dropdown closes on an outside click, Escape and focus leaving.
 */
export function MarketPicker({ picker, closeLabel, onChooseMarket }: MarketPickerProps) {
  const [open, setOpen] = useState(false);
  // The dropdown opens towards the side with room: the picker sits left or right depending on layout.
  const [alignEnd, setAlignEnd] = useState(false);
  const isModal = !useMediaQuery(mediaQueries.md);
  const baseId = useId().replace(/:/g, '');
  const labelId = `${baseId}-label`;
  const valueId = `${baseId}-value`;
  const panelId = `${baseId}-panel`;
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = picker.markets.find((market) => market.current);

  const close = () => setOpen(false);
  useDismiss({ open: open && !isModal, insideRefs: [wrapperRef], triggerRef: buttonRef, onDismiss: close });
  const closeDialog = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  if (picker.markets.length === 0) return null;

  return (
    <Box ref={wrapperRef} position="relative" data-testid="market-picker">
      <chakra.span id={labelId} display="block" mb="1" fontSize="sm" fontWeight="semibold">
        {picker.label}
      </chakra.span>
      <chakra.button
        ref={buttonRef}
        type="button"
        display="inline-flex"
        alignItems="center"
        gap="3"
        minH="44px"
        px="3"
        rounded="md"
        borderWidth="1px"
        borderColor="var(--footer-rule, var(--ps-colors-border))"
        color="inherit"
        _hover={{ bg: 'var(--footer-hover, var(--ps-colors-bg-subtle))' }}
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
        {current && <FlagIcon code={current.flag} />}
        <chakra.span id={valueId} lang={current?.locale}>
          {current?.country ?? picker.label}
        </chakra.span>
        <Glyph name="chevron-down" size="16px" flipped={open} />
      </chakra.button>

      {!isModal && (
        <Box
          id={panelId}
          hidden={!open}
          position="absolute"
          // The picker sits low in the footer, so the list opens upwards.
          bottom="calc(100% + 8px)"
          left={alignEnd ? undefined : '0'}
          right={alignEnd ? '0' : undefined}
          zIndex="dropdown"
          w={`${DROPDOWN_WIDTH_PX}px`}
          className={panel.panel}
          p="2"
          css={focusRingOnLight}
          data-testid="market-dropdown"
        >
          <MarketList markets={picker.markets} columns={2} onChooseMarket={onChooseMarket} />
        </Box>
      )}
      {isModal && open && (
        <MarketDialog title={picker.label} closeLabel={closeLabel} onClose={closeDialog}>
          <MarketList markets={picker.markets} columns={1} onChooseMarket={onChooseMarket} />
        </MarketDialog>
      )}
    </Box>
  );
}
