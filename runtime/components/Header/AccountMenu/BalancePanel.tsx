import { Box, chakra, Flex } from '@chakra-ui/react';
import { useId } from 'react';
import type { BalanceFigure, BalancePanel as BalancePanelModel } from '../../../resolver';
import { Glyph } from '../../shared/Glyph';

export interface BalancePanelProps {
  balance: BalancePanelModel;
}

function Figure({ figure, emphasis }: { figure: BalanceFigure; emphasis: boolean }) {
  return (
    // The secondary figure keeps to the right edge, also when a narrow panel wraps it under the total.
    <Box textAlign={emphasis ? 'start' : 'end'} marginInlineStart={emphasis ? undefined : 'auto'}>
      <chakra.dt fontSize="xs" color="fg.muted">
        {figure.label}
      </chakra.dt>
      <chakra.dd
        fontSize={emphasis ? 'xl' : 'md'}
        fontWeight="bold"
        fontVariantNumeric="tabular-nums"
        color={figure.isNegative ? 'negative' : 'fg'}
        data-negative={figure.isNegative ? '' : undefined}
      >
        {figure.formatted}
      </chakra.dd>
    </Box>
  );
}

/**
 * Total and available balance, or — when balances cannot be shown (maintenance, fetch error) —
 * a title whose explanation is a tooltip. The tooltip text is always in the DOM and tied to the
 * title with aria-describedby, so it is read out even when it is not visible.
 */
export function BalancePanel({ balance }: BalancePanelProps) {
  const tooltipId = `ps-balance-tip-${useId().replace(/:/g, '')}`;

  if (balance.kind === 'figures') {
    return (
      <chakra.dl display="flex" flexWrap="wrap" justifyContent="space-between" alignItems="flex-end" columnGap="4" rowGap="2" p="3" rounded="md" bg="bg.subtle" data-testid="balance-figures">
        <Figure figure={balance.total} emphasis />
        <Figure figure={balance.available} emphasis={false} />
      </chakra.dl>
    );
  }

  return (
    <Box className="group" position="relative" p="3" rounded="md" bg="bg.subtle" data-testid="balance-unavailable" data-reason={balance.reason}>
      <chakra.button
        type="button"
        display="inline-flex"
        alignItems="center"
        gap="2"
        fontWeight="semibold"
        color="fg"
        textAlign="start"
        aria-describedby={tooltipId}
      >
        <Glyph name="info" size="18px" tone="accent" />
        {balance.title}
      </chakra.button>
      <Flex
        id={tooltipId}
        role="tooltip"
        // Shown on hover and keyboard focus (and on tap, which focuses the button).
        display="none"
        _groupHover={{ display: 'flex' }}
        _groupFocusWithin={{ display: 'flex' }}
        position="absolute"
        left="3"
        right="3"
        top="calc(100% - 4px)"
        zIndex="dropdown"
        p="3"
        rounded="md"
        bg="navy.900"
        color="white"
        fontSize="sm"
        shadow="md"
      >
        {balance.tooltip}
      </Flex>
    </Box>
  );
}
