import { PageContainer } from '../PageContainer';
import { hasAny, type FooterLayoutProps } from './footer-slots';
import { FooterSlot } from './FooterSlot';

/**
 * v1, the classic dark footer: a top band with review and contact, link columns beside a side
 * column (app banner, social icons, market picker), a bottom band with copyright and legal links
 * side by side, then credits and the disclaimer. Its look is footer.css (`ps-footer--v1`).
 */
export function FooterLayoutV1({ slots }: FooterLayoutProps) {
  return (
    <footer className="ps-root ps-footer ps-footer--v1" data-footer-layout="v1" data-tone="dark">
      <PageContainer>
        {hasAny(slots, ['review', 'contact']) && (
          <div className="ps-footer__band ps-footer__band--top">
            <FooterSlot slots={slots} name="review" />
            <FooterSlot slots={slots} name="contact" />
          </div>
        )}
        <div className="ps-footer__main">
          <FooterSlot slots={slots} name="columns" />
          <div className={hasAny(slots, ['columns']) ? 'ps-footer__side' : 'ps-footer__side ps-footer__side--wide'}>
            <FooterSlot slots={slots} name="appBanner" />
            <FooterSlot slots={slots} name="social" />
            <FooterSlot slots={slots} name="marketPicker" />
          </div>
        </div>
        <div className="ps-footer__band ps-footer__band--bottom">
          <FooterSlot slots={slots} name="copyright" />
          <FooterSlot slots={slots} name="legal" />
        </div>
        <FooterSlot slots={slots} name="credits" className="ps-footer__credits" />
        <FooterSlot slots={slots} name="disclaimer" className="ps-footer__disclaimer" />
      </PageContainer>
    </footer>
  );
}
