// @vitest-environment jsdom
import { COUNTRY_CHOICE_COOKIE } from '../../schemas/contracts/portal-state';
import { countryChoiceFor } from '../render/portal-request';
import { confirmCurrentMarket } from './preferences';

const markets = [
  { id: 'de', locale: 'de-DE' },
  { id: 'fr', locale: 'fr-FR' },
];

/** The cookie as the next request would carry it, read back the way a server parses Cookie. */
function cookieSent(): string | undefined {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${COUNTRY_CHOICE_COOKIE}=`));
  return pair === undefined ? undefined : pair.slice(COUNTRY_CHOICE_COOKIE.length + 1);
}

afterEach(() => {
  document.cookie = `${COUNTRY_CHOICE_COOKIE}=; Max-Age=0; Path=/`;
});

describe('"All good" on the country banner', () => {
  it('replaces a chosen country with the empty cookie that stops every suggestion on the next load', () => {
    document.cookie = `${COUNTRY_CHOICE_COOKIE}=fr; Path=/`;
    confirmCurrentMarket();
    expect(cookieSent()).toBe('');
    // A French browser on the German page would be offered France without it.
    expect(
      countryChoiceFor({ cookie: undefined, query: null, acceptLanguage: 'fr-FR', loggedIn: false }, markets, 'de-DE'),
    ).toBe('fr');
    expect(
      countryChoiceFor(
        { cookie: cookieSent(), query: null, acceptLanguage: 'fr-FR', loggedIn: false },
        markets,
        'de-DE',
      ),
    ).toBeUndefined();
  });

  it('leaves ?country= in charge', () => {
    confirmCurrentMarket();
    expect(
      countryChoiceFor(
        { cookie: cookieSent(), query: 'fr', acceptLanguage: undefined, loggedIn: false },
        markets,
        'de-DE',
      ),
    ).toBe('fr');
  });
});
