import type { LocaleConfig, MarketEntry } from '../../schemas/generated/config-types';
import type { ResolverContext } from './context';
import type { FooterModel, HeaderModel, ShellModel } from './model';
import { PAGES } from './pages';
import { resolveFooter } from './resolve-footer';
import { resolveHeader } from './resolve-header';
import { HiddenLog } from './resolve-menu';
import type { RuleContext } from './rules';

export interface ShellInput {
  /** The validated, default-filled config chosen by chooseConfig(). */
  config: LocaleConfig;
  /** The en config, for locales without an account menu of their own (docs/rules.md#account-menu: they use the English list). */
  fallback?: LocaleConfig;
  markets: readonly MarketEntry[];
}

const ruleContext = (input: ShellInput, ctx: ResolverContext): RuleContext => ({
  access: ctx.access,
  flags: ctx.flags,
  customer: ctx.customer,
  pomProducts: ctx.pomProducts,
  distributor: ctx.distributor,
  locale: input.config.locale,
});

/** The header half of resolveShell, with its own hidden log: for callers that resolve the halves under different flags. */
export function resolveShellHeader(input: ShellInput, ctx: ResolverContext): HeaderModel {
  return resolveHeader(input.config, input.fallback, ctx, new HiddenLog(ruleContext(input, ctx)));
}

/** The footer half of resolveShell; undefined when the page hides the footer. */
export function resolveShellFooter(input: ShellInput, ctx: ResolverContext): FooterModel | undefined {
  if (PAGES[ctx.page].hideFooter) return undefined;
  const ruleCtx = ruleContext(input, ctx);
  return resolveFooter(input.config, input.markets, ctx, ruleCtx, new HiddenLog(ruleCtx));
}

/** Config + context → header and footer models. Pure: no React, no I/O, no clock except ctx.now. */
export function resolveShell(input: ShellInput, ctx: ResolverContext): ShellModel {
  const { config } = input;
  const header = resolveShellHeader(input, ctx);
  const footer = resolveShellFooter(input, ctx);
  const design = ctx.flags.has('designV2') ? 'v2' : 'v1';
  return {
    header,
    ...(footer ? { footer } : {}),
    design,
    // docs/rules.md#design-versions: 1272 before login, 1200 after login in v2; the older v1 container is 1320.
    containerMaxWidth: design === 'v1' ? 1320 : ctx.loggedIn ? 1200 : 1272,
    locale: config.locale,
    language: config.language,
  };
}
