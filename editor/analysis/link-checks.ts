import type { LocaleConfig, MarketEntry } from '../../schemas/generated/config-types';
import { classifyHref, unsafeScheme } from '../../schemas/validator/link-safety';
import type { ProblemCode } from '../../schemas/validator/problem';
import { checkRichText } from '../../schemas/validator/rich-text-check';
import { resolveLink } from '../../runtime/resolver';
import { collectLinks } from './items';
import { checkRoute } from './known-routes';
import { problem, type AudienceProblem, type AudienceProblemCode } from './problems';

const SAFE_FORMS = 'a path starting with /, an https:// URL, #anchor, mailto: or tel:';

/** The rich-text findings that are about a link, as the matrix names them. */
const RICH_TEXT_LINK_CODES: Partial<Record<ProblemCode, AudienceProblemCode>> = {
  'unsafe-link': 'unsafe-link',
  'malformed-link': 'invalid-link',
};

/**
 * Every link of a locale config, whether or not any audience sees it: unsafe schemes and malformed links
 * (the resolver drops both, and the item with them), and internal links that match no known route once the
 * locale's base path is applied (footer links lower-cased, as the footer renders them).
 */
export function checkConfigLinks(config: LocaleConfig): AudienceProblem[] {
  const out: AudienceProblem[] = [];
  const at = { document: config.locale, locale: config.locale };
  for (const { pointer, href, footer } of collectLinks(config)) {
    const kind = classifyHref(href);
    if (kind === 'unsafe') {
      out.push(
        problem('unsafe-link', {
          ...at,
          pointer,
          message: `unsafe link ${JSON.stringify(href)} (scheme "${unsafeScheme(href)}"): the item is dropped for every audience`,
          hint: `use ${SAFE_FORMS}`,
        }),
      );
    } else if (kind === 'invalid') {
      out.push(
        problem('invalid-link', {
          ...at,
          pointer,
          message: `malformed link ${JSON.stringify(href)}: the item is dropped for every audience`,
          hint: `use ${SAFE_FORMS}; the locale base path is added at render time`,
        }),
      );
    } else if (kind === 'internal') {
      const rendered = resolveLink(href, { basePath: config.basePath, currentPath: '', lowercase: footer })!.href;
      const check = checkRoute(rendered, config.basePath);
      if (!check.ok)
        out.push(
          problem('unknown-route', {
            ...at,
            pointer,
            message: `internal link ${JSON.stringify(href)} renders as ${rendered}, which matches no known route`,
            hint: check.hint,
          }),
        );
    }
  }
  // The disclaimer's links, read as the validator reads them (docs/config-format.md#rich-text); its other
  // markup problems are the validator's to report, not the matrix's.
  const disclaimer = config.footer.disclaimer;
  for (const finding of disclaimer ? checkRichText(disclaimer) : []) {
    const code = RICH_TEXT_LINK_CODES[finding.code];
    if (code)
      out.push(
        problem(code, {
          ...at,
          pointer: '/footer/disclaimer',
          message: `${finding.message} in the disclaimer`,
          hint: finding.hint,
        }),
      );
  }
  return out;
}

/**
 * Market entries: each needs a config for its locale (and preferred locale), and its link must be a known
 * route under some locale's base path (the picker renders market links without a base path).
 */
export function checkMarketEntries(
  markets: readonly MarketEntry[],
  configs: ReadonlyMap<string, LocaleConfig>,
): AudienceProblem[] {
  const out: AudienceProblem[] = [];
  const ids = [...configs.keys()].sort();
  const basePaths = [...configs.values()].map((c) => c.basePath).sort((a, b) => b.length - a.length);
  markets.forEach((market, i) => {
    const at = { document: 'markets' as const, locale: market.locale };
    for (const key of ['locale', 'preferredLocale'] as const) {
      if (key === 'preferredLocale' && market.preferredLocale === market.locale) continue;
      if (!configs.has(market[key]))
        out.push(
          problem('market-without-config', {
            ...at,
            pointer: `/markets/${i}/${key}`,
            message: `market "${market.id}" points to locale "${market[key]}", which has no config`,
            hint: `add config/${market[key]}.json or use one of: ${ids.join(', ')}`,
          }),
        );
    }
    const kind = classifyHref(market.link);
    const pointer = `/markets/${i}/link`;
    if (kind === 'unsafe')
      out.push(
        problem('unsafe-link', {
          ...at,
          pointer,
          message: `unsafe link ${JSON.stringify(market.link)}: the market is dropped from the picker`,
          hint: `use ${SAFE_FORMS}`,
        }),
      );
    else if (kind === 'invalid')
      out.push(
        problem('invalid-link', {
          ...at,
          pointer,
          message: `malformed link ${JSON.stringify(market.link)}: the market is dropped from the picker`,
          hint: `use ${SAFE_FORMS}`,
        }),
      );
    else if (kind === 'internal') {
      const base = basePaths.find((b) => market.link.toLowerCase().startsWith(`${b.toLowerCase()}/`));
      const check = base !== undefined ? checkRoute(market.link, base) : undefined;
      if (!check?.ok)
        out.push(
          problem('unknown-route', {
            ...at,
            pointer,
            message: `market link ${JSON.stringify(market.link)} matches no known route`,
            hint:
              check && !check.ok
                ? check.hint
                : `market links start with a locale base path (${[...basePaths].sort().join(', ')})`,
          }),
        );
    }
  });
  return out;
}
