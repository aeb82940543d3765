/**
 * Where the portal runs and which API hosts it talks to (docs/rules.md#locales-and-markets). Everything here is data,
 * injected into the HTTP client, so no component knows a host name.
 */
import { languageOf, LOCALE_REGISTRY } from '../../schemas/locale-registry';

export const ENVIRONMENTS = ['local', 'development', 'staging', 'onboarding', 'production'] as const;
export type EnvironmentName = (typeof ENVIRONMENTS)[number];

/** The back-end services the shell calls, one host each (docs/api-calls.md). */
export const SERVICES = [
  'customer-account',
  'customer-info',
  'customer-portal',
  'user-management',
  'identity',
  'product',
] as const;
export type ServiceId = (typeof SERVICES)[number];

export type ApiHosts = Record<ServiceId, string>;

/** Rules matched in order against the host name; the first match names the environment. */
export interface EnvironmentRule {
  test: RegExp;
  environment: EnvironmentName;
}

export const DEFAULT_ENVIRONMENT_RULES: readonly EnvironmentRule[] = [
  { test: /^(localhost|127\.0\.0\.1|\[::1\])$|\.local$/, environment: 'local' },
  { test: /(^|\.)dev\.|-dev\./, environment: 'development' },
  { test: /(^|\.)staging\.|-staging\./, environment: 'staging' },
  { test: /(^|\.)onboarding\.|-onboarding\./, environment: 'onboarding' },
];

/**
 * Local development calls same-origin paths (served by MSW or a proxy); the deployed environments
 * call their own API domain. Override any entry through createEnvironment().
 */
export const DEFAULT_API_HOSTS: Record<EnvironmentName, ApiHosts> = {
  local: servicePaths(''),
  development: servicePaths('https://api.dev.portal-shell.example'),
  staging: servicePaths('https://api.staging.portal-shell.example'),
  onboarding: servicePaths('https://api.onboarding.portal-shell.example'),
  production: servicePaths('https://api.portal-shell.example'),
};

function servicePaths(origin: string): ApiHosts {
  return {
    'customer-account': `${origin}/api/customer-account`,
    'customer-info': `${origin}/api/customer-info`,
    'customer-portal': `${origin}/api/customer-portal`,
    'user-management': `${origin}/api/user-management`,
    identity: `${origin}/api/identity`,
    product: `${origin}/api/product`,
  };
}

export function environmentFromHost(
  hostname: string,
  rules: readonly EnvironmentRule[] = DEFAULT_ENVIRONMENT_RULES,
): EnvironmentName {
  const host = hostname.toLowerCase();
  return rules.find((rule) => rule.test.test(host))?.environment ?? 'production';
}

/**
 * The market language comes from the host ending (each locale's hostEndings in config/locales.json);
 * .com decides by the first path segment.
 */
export const HOST_ENDINGS: readonly [ending: string, language: string][] = LOCALE_REGISTRY.locales.flatMap((entry) =>
  entry.hostEndings.map((ending): [string, string] => [ending, languageOf(entry.id)]),
);

export function marketLanguageFromLocation(hostname: string, pathname: string): string | undefined {
  const host = hostname.toLowerCase();
  for (const [ending, language] of HOST_ENDINGS) if (host.endsWith(ending)) return language;
  if (host.endsWith('.com') || environmentFromHost(host) === 'local') {
    const segment = pathname.split('/').find(Boolean)?.toLowerCase();
    const match = segment ? /^([a-z]{2})(?:-[a-z]{2})?$/.exec(segment) : null;
    return match?.[1];
  }
  return undefined;
}

export interface Environment {
  name: EnvironmentName;
  hosts: ApiHosts;
}

export function createEnvironment(
  hostname: string,
  overrides: { rules?: readonly EnvironmentRule[]; hosts?: Partial<Record<EnvironmentName, Partial<ApiHosts>>> } = {},
): Environment {
  const name = environmentFromHost(hostname, overrides.rules);
  return { name, hosts: { ...DEFAULT_API_HOSTS[name], ...overrides.hosts?.[name] } };
}
