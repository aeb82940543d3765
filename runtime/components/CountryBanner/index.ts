export { CountryBanner, type CountryBannerProps } from './CountryBanner';
