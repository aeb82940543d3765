import { describe, expect, it } from 'vitest';
import { previewLogoutStep } from './preview-logout';

const ORIGIN = 'https://portal.example';

describe('previewLogoutStep', () => {
  it('shows the login page for the login destination', () => {
    expect(previewLogoutStep('/de-de/login/', ORIGIN)).toEqual({ kind: 'login-page' });
    expect(previewLogoutStep(`${ORIGIN}/de-de/login/`, ORIGIN)).toEqual({ kind: 'login-page' });
  });

  it('leaves for another site, such as the pension provider’s logout that pensionLogout picks (docs/rules.md#logout)', () => {
    expect(previewLogoutStep('https://pension.portal-shell.example/logout', ORIGIN)).toEqual({
      kind: 'leave',
      url: 'https://pension.portal-shell.example/logout',
    });
  });
});
