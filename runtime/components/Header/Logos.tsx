import type { HeaderModel } from '../../resolver';
import { linkAttributes } from '../shared/ShellLink';

export interface LogosProps {
  logos: HeaderModel['logoItems'];
  partnerLogo?: HeaderModel['partnerLogo'];
}

/**
 * Brand logo(s) linking home, plus the co-branding partner logo when the visitor came through a
 * partner. Images get a fixed box so the bar never reflows when they load.
 */
export function Logos({ logos, partnerLogo }: LogosProps) {
  return (
    <div className="ps-logos">
      {logos.map((logo) => (
        <a key={logo.id} {...linkAttributes(logo.link)} className="ps-logos__link">
          <img src={logo.url} alt={logo.alt} width="140" height="32" className="ps-logos__logo" />
        </a>
      ))}
      {partnerLogo && (
        <>
          <div className="ps-logos__divider" aria-hidden="true" />
          <img
            src={partnerLogo.url}
            alt={partnerLogo.alt}
            width="120"
            height="32"
            className="ps-logos__partner"
            data-testid="partner-logo"
          />
        </>
      )}
    </div>
  );
}
