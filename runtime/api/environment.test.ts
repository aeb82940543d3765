import { describe, expect, it } from 'vitest';
import { createEnvironment, environmentFromHost, marketLanguageFromLocation } from './environment';
import { endpointPath } from './api-paths';

describe('environment from the host name', () => {
  it.each([
    ['localhost', 'local'],
    ['127.0.0.1', 'local'],
    ['portal.dev.portal-shell.example', 'development'],
    ['portal-dev.example.de', 'development'],
    ['www.staging.savings.de', 'staging'],
    ['onboarding.savings.co.uk', 'onboarding'],
    ['www.savings.de', 'production'],
    ['WWW.SAVINGS.COM', 'production'],
  ])('%s → %s', (host, env) => {
    expect(environmentFromHost(host)).toBe(env);
  });

  it('API hosts follow the environment and can be overridden per environment', () => {
    expect(createEnvironment('localhost').hosts['customer-account']).toBe('/api/customer-account');
    expect(createEnvironment('www.savings.de').hosts.product).toBe('https://api.portal-shell.example/api/product');
    const custom = createEnvironment('x.staging.savings.de', { hosts: { staging: { product: 'https://p.example' } } });
    expect(custom).toMatchObject({
      name: 'staging',
      hosts: { product: 'https://p.example', identity: 'https://api.staging.portal-shell.example/api/identity' },
    });
  });
});

describe('market language from the host ending', () => {
  it.each([
    ['www.savings.de', '/', 'de'],
    ['www.savings.at', '/', 'de'],
    ['www.savings.co.uk', '/', 'en'],
    ['www.savings.ie', '/', 'en'],
    ['www.savings.es', '/', 'es'],
    ['www.savings.fr', '/', 'fr'],
    ['www.savings.nl', '/', 'nl'],
    ['www.savings.com', '/pl-pl/dashboard/', 'pl'],
    ['www.savings.com', '/it/', 'it'],
    ['localhost', '/fi-fi/', 'fi'],
  ])('%s%s → %s', (host, path, language) => {
    expect(marketLanguageFromLocation(host, path)).toBe(language);
  });

  it('.com without a language segment, or an unknown ending, gives undefined', () => {
    expect(marketLanguageFromLocation('www.savings.com', '/')).toBeUndefined();
    expect(marketLanguageFromLocation('www.savings.se', '/sv/')).toBeUndefined();
  });
});

describe('endpointPath', () => {
  it('fills and encodes parameters', () => {
    expect(endpointPath('switchable-accounts', { userId: 'u 1', customerId: '47/11' })).toBe(
      '/public/users/u%201/switchable-accounts/47%2F11',
    );
  });
  it('refuses a missing parameter instead of calling /undefined', () => {
    expect(() => endpointPath('customer', {})).toThrow('Endpoint "customer" needs a value for :bacNumber.');
  });
});
