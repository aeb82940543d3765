import type { MouseEvent } from 'react';
import type { MarketModel } from '../../resolver';
import { Glyph } from '../shared/Glyph';
import { isPlainClick } from '../shared/is-plain-click';
import { ShellLink } from '../shared/ShellLink';
import { FlagIcon } from './FlagIcon';

export interface MarketListProps {
  markets: MarketModel[];
  columns: 1 | 2;
  onChooseMarket: (market: MarketModel) => void;
}

/**
 * The markets as real links (they work without script and in a new tab). A plain click is handed
 * to onChooseMarket, which stores the preferred locale before navigating (docs/rules.md#market-picker).
 * The names are in the page's language; hreflang says which language the market's pages are in.
 */
export function MarketList({ markets, columns, onChooseMarket }: MarketListProps) {
  return (
    <ul
      className={columns === 2 ? 'ps-market-list ps-market-list--columns-2' : 'ps-market-list'}
      data-testid="market-list"
    >
      {markets.map((market) => (
        <li key={market.id}>
          <ShellLink
            link={market.link}
            hrefLang={market.locale}
            aria-current={market.current ? 'true' : undefined}
            className="ps-menu-row ps-market-list__link"
            onClick={(event: MouseEvent) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onChooseMarket(market);
            }}
          >
            <FlagIcon code={market.flag} />
            <span className="ps-market-list__name">{market.country}</span>
            {market.current && <Glyph name="check" size="18px" tone="accent" />}
          </ShellLink>
        </li>
      ))}
    </ul>
  );
}
