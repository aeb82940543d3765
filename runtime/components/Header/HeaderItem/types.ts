import type { ResolvedMenuItem } from '../../../resolver';

/** What every submenu item component receives; each item module extends it as its own Props. */
export interface HeaderItemProps {
  item: ResolvedMenuItem;
}
