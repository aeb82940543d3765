export * from './context';
export * from './model';
export { resolveShell, type ShellInput } from './resolve-shell';
export { chooseConfig, type ConfigChoice } from './choose-config';
export { chooseHeader } from './resolve-header';
export { evaluateRule, explainRule, type RuleContext } from './rules';
export { resolveLink, isActive } from './links';
export { PAGES, type PageOptions } from './pages';
export * from './display';
