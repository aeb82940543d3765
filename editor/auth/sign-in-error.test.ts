import { toApiError } from '../api/api-error';
import { signInErrorText } from './SignInPage';

describe('signInErrorText', () => {
  it('explains 401 and 429 in words that say what to do', () => {
    expect(
      signInErrorText(
        toApiError(401, { error: { code: 'invalid-credentials', message: 'wrong username or password' } }),
      ),
    ).toBe('Wrong username or password.');
    expect(signInErrorText(toApiError(429, { error: { code: 'rate-limited', message: 'slow down' } }))).toMatch(
      /^Too many sign-in attempts.*Wait a minute/,
    );
    expect(signInErrorText(toApiError(500, undefined))).toBe('Sign-in failed: The config service failed.');
    expect(signInErrorText(new Error('x'))).toBe('Sign-in failed. Try again.');
  });

  it('a damaged users.json (503) says what is wrong and how to repair it', () => {
    const cause = toApiError(503, {
      error: {
        code: 'users-file-damaged',
        message: 'users.json in the store is damaged, so nobody can sign in: it is empty',
        hint: 'restore users.json from a backup, then restart',
      },
    });
    expect(signInErrorText(cause)).toBe(
      'Sign-in failed: users.json in the store is damaged, so nobody can sign in: it is empty (restore users.json from a backup, then restart)',
    );
  });
});
