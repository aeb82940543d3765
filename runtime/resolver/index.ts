/**
 * The resolver's public surface: code outside runtime/resolver imports from here, never from a file inside
 * (eslint.config.js fails the build otherwise; tests may also use __fixtures__). Everything is pure and
 * side-effect free, so a bundle keeps only what its importers use (docs/architecture.md#boundaries).
 */
export * from './context';
export * from './model';
export { resolveShell, resolveShellFooter, resolveShellHeader, type ShellInput } from './resolve-shell';
export { chooseConfig, type ConfigChoice } from './choose-config';
export { chooseHeader, showsNavigation, type HeaderChoice } from './resolve-header';
export { usesReducedMenu } from './resolve-customer';
export { evaluateRule, explainRule, type RuleContext } from './rules';
export { resolveLink, isActive } from './links';
export { PAGES, type PageOptions } from './pages';
export { bannerCountryName, countryBannerSuggestion } from './country-banner';
export * from './display';
export { SUB_MENU_LISTS } from './sub-menu-lists';
export { HEADER_SECTIONS } from './header-sections';
