import type { FooterModel, MarketModel } from '../../resolver';
import { MarketPicker } from '../MarketPicker/MarketPicker';
import { RichText } from '../RichText/RichText';
import { AppBanner } from './AppBanner';
import { Credits } from './Credits';
import type { OnFooterLinkTap } from './footer-tap';
import { FooterColumns } from './FooterColumns';
import { FooterLayouts } from './FooterLayouts';
import { LegalLinks } from './LegalLinks';
import { ReviewStrip } from './ReviewStrip';
import { SocialLinks } from './SocialLinks';
import { UsContactStrip } from './UsContactStrip';

export interface FooterProps {
  model: FooterModel;
  onOpenConsentSettings: () => void;
  onChooseMarket: (market: MarketModel) => void;
  /** Called on every activation of a footer link, for analytics (footer-tap.ts). */
  onFooterLinkTap?: OnFooterLinkTap;
  /** Accessible name for the market dialog's close button; falls back to the picker label. */
  closeLabel?: string;
}

/**
 * The contentinfo landmark. Reads the model once, renders each part, and hands the parts to the
 * layout the model names (docs/architecture.md#layout-components-take-slots).
 */
export function Footer({ model, onOpenConsentSettings, onChooseMarket, onFooterLinkTap, closeLabel }: FooterProps) {
  const Layout = FooterLayouts[model.layout];
  const showColumns = !model.columnsHidden && model.columns.length > 0;
  return (
    <Layout
      slots={{
        review: model.review && <ReviewStrip review={model.review} onLinkTap={onFooterLinkTap} />,
        contact: model.usContact && (
          <UsContactStrip
            contact={model.usContact}
            heading={model.strings.contactHeading}
            onLinkTap={onFooterLinkTap}
          />
        ),
        columns: showColumns ? (
          <FooterColumns
            columns={model.columns}
            onOpenConsentSettings={onOpenConsentSettings}
            onLinkTap={onFooterLinkTap}
            desktopColumns={
              model.layout === 'v2' ? Math.max(model.columns.length, 1) : Math.min(model.columns.length, 3)
            }
          />
        ) : undefined,
        appBanner: model.mobileBanner && (
          <AppBanner banner={model.mobileBanner} caption={model.strings.appBanner} onLinkTap={onFooterLinkTap} />
        ),
        social:
          model.social.icons.length > 0 ? <SocialLinks social={model.social} onLinkTap={onFooterLinkTap} /> : undefined,
        marketPicker: model.marketPicker && (
          <MarketPicker
            picker={model.marketPicker}
            closeLabel={closeLabel ?? model.marketPicker.label}
            onChooseMarket={onChooseMarket}
          />
        ),
        copyright: <p data-testid="copyright">{model.copyright}</p>,
        legal:
          model.legalLinks.length > 0 ? (
            <LegalLinks
              links={model.legalLinks}
              onOpenConsentSettings={onOpenConsentSettings}
              onLinkTap={onFooterLinkTap}
            />
          ) : undefined,
        credits: model.credits.length > 0 ? <Credits credits={model.credits} onLinkTap={onFooterLinkTap} /> : undefined,
        // The server render sends the disclaimer; in the browser DOMPurify loads after the first render, which keeps
        // it out of the first bundle (RichText.tsx).
        disclaimer: model.disclaimerHtml ? (
          <RichText html={model.disclaimerHtml} data-testid="disclaimer" />
        ) : undefined,
      }}
    />
  );
}
