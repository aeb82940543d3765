import { PageContainer } from '../PageContainer';
import { hasAny, type FooterLayoutProps } from './footer-slots';
import { FooterSlot } from './FooterSlot';

/**
 * v2, the newer light footer: review and contact as two cards, link columns across the whole
 * width, a full-width app banner card, social icons and market picker on one row, and a centred
 * bottom block (copyright, legal links, credits) above the disclaimer card. Its look is footer.css
 * (`ps-footer--v2`).
 */
export function FooterLayoutV2({ slots }: FooterLayoutProps) {
  return (
    <footer className="ps-root ps-footer ps-footer--v2" data-footer-layout="v2" data-tone="light">
      <PageContainer>
        <div className="ps-footer__stack">
          {hasAny(slots, ['review', 'contact']) && (
            <div className="ps-footer__cards">
              <FooterSlot slots={slots} name="review" className="ps-footer__card" />
              <FooterSlot slots={slots} name="contact" className="ps-footer__card" />
            </div>
          )}
          <FooterSlot slots={slots} name="columns" className="ps-footer__columns" />
          <FooterSlot slots={slots} name="appBanner" className="ps-footer__card" />
          {hasAny(slots, ['social', 'marketPicker']) && (
            <div className="ps-footer__row">
              <FooterSlot slots={slots} name="social" />
              <FooterSlot slots={slots} name="marketPicker" />
            </div>
          )}
          <div className="ps-footer__bottom">
            <FooterSlot slots={slots} name="copyright" className="ps-footer__copyright" />
            <FooterSlot slots={slots} name="legal" />
            <FooterSlot slots={slots} name="credits" />
          </div>
          <FooterSlot slots={slots} name="disclaimer" className="ps-footer__card ps-footer__disclaimer" />
        </div>
      </PageContainer>
    </footer>
  );
}
