import { chakra } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import type { MarketModel } from '../../resolver';
import { Glyph } from '../shared/Glyph';
import { isPlainClick } from '../shared/is-plain-click';
import { ShellLink } from '../shared/ShellLink';
import { FlagIcon } from './FlagIcon';
import { menuRowStyles } from '../shared/menu-row';

export interface MarketListProps {
  markets: MarketModel[];
  columns: 1 | 2 | 3;
  onChooseMarket: (market: MarketModel) => void;
}

/**
 * The markets as real links (they work without script and in a new tab). A plain click is handed
 * to onChooseMarket, which stores the preferred locale before navigating (docs/rules.md#market-picker).
 */
export function MarketList({ markets, columns, onChooseMarket }: MarketListProps) {
  return (
    <chakra.ul display="grid" gridTemplateColumns={`repeat(${columns}, minmax(0, 1fr))`} gap="1" data-testid="market-list">
      {markets.map((market) => (
        <li key={market.id}>
          <ShellLink
            link={market.link}
            // Country names are written in their own language (Deutschland, Suomi…).
            lang={market.locale}
            aria-current={market.current ? 'true' : undefined}
            {...menuRowStyles}
            minH="44px"
            color="fg"
            textDecoration="none"
            css={{ '&[aria-current=true]': { bg: 'accent.subtle', fontWeight: 'semibold' } }}
            onClick={(event: MouseEvent) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onChooseMarket(market);
            }}
          >
            <FlagIcon code={market.flag} />
            <chakra.span flex="1">{market.country}</chakra.span>
            {market.current && <Glyph name="check" size="18px" tone="accent" />}
          </ShellLink>
        </li>
      ))}
    </chakra.ul>
  );
}
