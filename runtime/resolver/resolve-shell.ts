import type { LocaleConfig, MarketEntry } from '../../schemas/generated/config-types';
import type { ResolverContext } from './context';
import type { ShellModel } from './model';
import { PAGES } from './pages';
import { resolveFooter } from './resolve-footer';
import { resolveHeader } from './resolve-header';
import { HiddenLog } from './resolve-menu';
import type { RuleContext } from './rules';

export interface ShellInput {
  /** The validated, default-filled config chosen by chooseConfig(). */
  config: LocaleConfig;
  /** The en config, for locales without an account menu of their own (SPEC §2: default is the English list). */
  fallback?: LocaleConfig;
  markets: readonly MarketEntry[];
}

/** Config + context → header and footer models. Pure: no React, no I/O, no clock except ctx.now. */
export function resolveShell(input: ShellInput, ctx: ResolverContext): ShellModel {
  const { config } = input;
  const ruleCtx: RuleContext = { access: ctx.access, flags: ctx.flags, customer: ctx.customer, pomProducts: ctx.pomProducts, distributor: ctx.distributor, locale: config.locale };
  const header = resolveHeader(config, input.fallback, ctx, new HiddenLog(ruleCtx));
  const footer = PAGES[ctx.page].hideFooter ? undefined : resolveFooter(config, input.markets, ctx, ruleCtx, new HiddenLog(ruleCtx));
  const design = ctx.flags.has('designV2') ? 'v2' : 'v1';
  return {
    header,
    ...(footer ? { footer } : {}),
    design,
    // SPEC §9: 1272 before login, 1200 after login in v2; the older v1 container is 1320.
    containerMaxWidth: design === 'v1' ? 1320 : ctx.loggedIn ? 1200 : 1272,
    locale: config.locale,
    language: config.language,
  };
}
