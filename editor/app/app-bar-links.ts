import type { Role } from '../../schemas/contracts';

/** How the app bar names each role, so people know what they may do. */
export const ROLE_LABELS = {
  editor: 'editor',
  approver: 'approver, reviews and publishes',
  viewer: 'viewer, read-only',
} as const satisfies Record<Role, string>;

/** The pages every signed-in user can reach from the app bar (inline from `lg`, in its menu below). */
export const NAV_LINKS = [
  { to: '/', label: 'Documents', end: true },
  { to: '/change-sets', label: 'Change sets', end: false },
  { to: '/items', label: 'Items across locales', end: false },
] as const;
