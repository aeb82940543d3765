import type { ResolvedItemOf, ResolvedMenuItem } from '../../../resolver';

/** What the submenu item component of type `T` receives: exactly its own resolved item (runtime/resolver/model.ts). */
export interface HeaderItemProps<T extends ResolvedMenuItem['type'] = ResolvedMenuItem['type']> {
  item: ResolvedItemOf<T>;
}
