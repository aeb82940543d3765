import { accessHandlers } from './access';
import { accountHandlers } from './accounts';
import { authHandlers } from './auth';
import { cobrandingHandlers } from './cobranding';
import { customerHandlers } from './customer';
import { switchableAccountHandlers } from './switchable-accounts';
import { unreadCountHandlers } from './unread-count';

/**
 * Every call of SPEC §7 (every ENDPOINTS entry), one file per resource. The browser worker, Vitest and
 * Playwright share these; what they answer is decided by the scenario (mocks/scenario.ts).
 */
export const handlers = [
  ...customerHandlers,
  ...accountHandlers,
  ...cobrandingHandlers,
  ...accessHandlers,
  ...unreadCountHandlers,
  ...switchableAccountHandlers,
  ...authHandlers,
];
