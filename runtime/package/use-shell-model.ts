import { useMemo } from 'react';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { useShellData, type SessionIdentity, type ShellData } from '../data/use-shell-data';
import { PAGES, resolveShell, type PageKind, type ResolverContext, type ShellModel } from '../resolver';

export interface ShellModelInput {
  /** Undefined while the documents load: the data calls wait, and there is no model yet. */
  config: LocaleConfig | undefined;
  fallback?: LocaleConfig | undefined;
  markets: MarketsDocument | undefined;
  flagsDocument: FlagsDocument | undefined;
  /** The config id being rendered, known before its document (the customer call's locale). */
  locale: string;
  page: PageKind;
  /** undefined: the flags document's defaults. */
  flags?: readonly string[] | undefined;
  identity: SessionIdentity | undefined;
  visitorDistributorId?: string | undefined;
  /** Path plus hash for the active item; default the page's path under the config's base path. */
  currentPath?: string | undefined;
  /** Keep the skeleton (a forced redirect is on its way). */
  holdLoading?: boolean;
}

export interface ShellModelResult {
  model: ShellModel | undefined;
  flagsOn: ReadonlySet<string>;
  data: ShellData;
}

/**
 * Live customer data → resolver context → model: the wiring every host of the shell needs (the portal's LiveShell,
 * the embeddable parts). Each data call is an SWR key, so two parts on one page share every request.
 */
export function useShellModel(input: ShellModelInput): ShellModelResult {
  const { config, fallback, markets, flagsDocument, page, identity, holdLoading } = input;
  const flagsOn = useMemo(
    () => new Set(input.flags ?? flagsDocument?.flags.filter((f) => f.default).map((f) => f.id) ?? []),
    [input.flags, flagsDocument],
  );
  const data = useShellData({
    identity,
    locale: input.locale,
    flags: flagsOn,
    ...(input.visitorDistributorId ? { visitorDistributorId: input.visitorDistributorId } : {}),
  });
  const currentPath = input.currentPath ?? (config ? `${config.basePath}${PAGES[page].path}` : '');
  const model = useMemo(() => {
    if (!config || !markets) return undefined;
    const ctx: ResolverContext = {
      locale: config.locale,
      page,
      flags: flagsOn,
      currentPath,
      now: new Date(),
      ...data.context,
      ...(holdLoading ? { isHeaderDataLoading: true } : {}),
    };
    return resolveShell({ config, ...(fallback ? { fallback } : {}), markets: markets.markets }, ctx);
  }, [config, fallback, markets, page, flagsOn, currentPath, data.context, holdLoading]);
  return { model, flagsOn, data };
}
