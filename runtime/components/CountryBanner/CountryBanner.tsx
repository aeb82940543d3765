import { useId } from 'react';
import { PageContainer } from '../PageContainer';
import { fillTemplate } from '../../resolver';

export interface CountryBannerProps {
  /** strings.banner.text; a `{market}` placeholder is filled from `market` when given. */
  text: string;
  /** The suggested market's country name. */
  market?: string;
  allGoodLabel: string;
  chooseLabel: string;
  onAllGood: () => void;
  onChooseMarket: () => void;
}

/**
 * The "it looks like you are in …" suggestion (docs/rules.md#country-banner). Presentational: whether it shows and
 * what the buttons store lives in the host. Styled by country-banner.css.
 */
export function CountryBanner({
  text,
  market,
  allGoodLabel,
  chooseLabel,
  onAllGood,
  onChooseMarket,
}: CountryBannerProps) {
  const textId = useId();
  const message = market === undefined ? text : fillTemplate(text, { market });
  return (
    <div role="region" aria-labelledby={textId} className="ps-root ps-country-banner" data-testid="country-banner">
      <PageContainer>
        <div className="ps-country-banner__row">
          <p id={textId} className="ps-country-banner__text">
            {message}
          </p>
          <div className="ps-country-banner__actions">
            <button
              type="button"
              className="ps-country-banner__button ps-country-banner__button--secondary"
              onClick={onAllGood}
            >
              {allGoodLabel}
            </button>
            <button
              type="button"
              className="ps-country-banner__button ps-country-banner__button--primary"
              onClick={onChooseMarket}
            >
              {chooseLabel}
            </button>
          </div>
        </div>
      </PageContainer>
    </div>
  );
}
