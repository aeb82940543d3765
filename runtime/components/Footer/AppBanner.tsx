import type { FooterModel } from '../../resolver';
import type { OnFooterLinkTap } from './footer-tap';
import { StoreBadge } from './StoreBadge';

export interface AppBannerProps {
  banner: NonNullable<FooterModel['mobileBanner']>;
  caption: string;
  /** Reports taps on the store badges with section `app-banner`. */
  onLinkTap?: OnFooterLinkTap;
}

/** The mobile app banner: app icon, title, pitch and the two store badges. */
export function AppBanner({ banner, caption, onLinkTap }: AppBannerProps) {
  return (
    <section aria-label={banner.title} className="ps-app-banner" data-testid="app-banner">
      <img src={banner.iconUrl} alt="" width="56" height="56" className="ps-app-banner__icon" />
      <div className="ps-app-banner__text">
        <p className="ps-app-banner__title">{banner.title}</p>
        {banner.text && <p className="ps-app-banner__pitch">{banner.text}</p>}
      </div>
      <div className="ps-app-banner__badges">
        <StoreBadge store="app-store" href={banner.appStoreUrl} caption={caption} onTap={onLinkTap} />
        <StoreBadge store="google-play" href={banner.playStoreUrl} caption={caption} onTap={onLinkTap} />
      </div>
    </section>
  );
}
