/** Public surface of the shell components; hosts import from here. */
export { Shell, MAIN_CONTENT_ID, type ShellProps, type ShellHandlers, type ShellSession } from './Shell';
export { Header, type HeaderProps } from './Header/Header';
export { HeaderItem, type HeaderItemProps } from './Header/HeaderItem/HeaderItem';
export { ComponentTypes as HeaderItemTypes } from './Header/HeaderItem/ComponentTypes';
export { Footer, type FooterProps } from './Footer/Footer';
export { MarketPicker, type MarketPickerProps } from './MarketPicker/MarketPicker';
export { CountryBanner, type CountryBannerProps } from './CountryBanner/CountryBanner';
export { RichText, type RichTextProps } from './RichText/RichText';
export { sanitizeRichText } from './RichText/sanitize-rich-text';
export { SessionCountdown, type SessionCountdownProps, type SessionStrings } from './SessionCountdown/SessionCountdown';
export { PageContainer, type PageContainerProps } from './PageContainer';
export { DesignProvider, useDesign, V2Only, type DesignSettings } from './DesignContext';
export { HeaderSkeleton } from './Skeletons';
