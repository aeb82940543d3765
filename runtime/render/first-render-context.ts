import { deriveAccess } from '../data/derive-access';
import { portalPath } from '../host/portal-paths';
import type { ResolverContext } from '../resolver';
import type { LocaleConfig } from '../../schemas/generated/config-types';
import type { RenderContext } from './render-input';

/**
 * The resolver context of the client's first render, before any customer call has answered: what
 * LiveShell computes from useShellData when SWR holds nothing yet. A visitor gets the public header; a
 * logged-in customer the private frame with its data still loading (skeletons at their final size).
 * runtime/render/hydration-parity.test.tsx renders both sides and fails when they drift apart.
 */
export function firstRenderContext(
  config: LocaleConfig,
  flags: ReadonlySet<string>,
  context: RenderContext,
): ResolverContext {
  const { access, pomProducts } = deriveAccess({});
  return {
    locale: config.locale,
    page: context.page,
    flags,
    currentPath: portalPath(config.basePath, context.page),
    now: context.now,
    loggedIn: context.loggedIn === true,
    access,
    pomProducts,
    ...(context.loggedIn ? { isHeaderDataLoading: true } : {}),
    ...(!context.loggedIn && context.distributorId ? { distributor: { id: context.distributorId } } : {}),
  };
}
