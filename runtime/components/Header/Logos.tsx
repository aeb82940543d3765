import type { HeaderModel } from '../../resolver';
import { linkAttributes } from '../shared/ShellLink';
import styles from './logos.module.css';

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
    <div className={styles.logos}>
      {logos.map((logo) => (
        <a key={logo.id} {...linkAttributes(logo.link)} className={styles.link}>
          <img src={logo.url} alt={logo.alt} width="140" height="32" className={styles.logo} />
        </a>
      ))}
      {partnerLogo && (
        <>
          <div className={styles.divider} aria-hidden="true" />
          <img src={partnerLogo.url} alt={partnerLogo.alt} width="120" height="32" className={styles.partner} data-testid="partner-logo" />
        </>
      )}
    </div>
  );
}
