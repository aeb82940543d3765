import type { FooterLink, LocaleConfig, MarketEntry } from '../../schemas/generated/config-types';
import type { ResolverContext } from './context';
import { fillTemplate, formatNumber, reviewBucket, reviewStars } from './display';
import { imageSource, resolveLink, type LinkOptions } from './links';
import type { FooterLinkModel, FooterModel, MarketModel } from './model';
import { namedMarkets } from './market-picker-names';
import type { HiddenLog } from './resolve-menu';
import type { RuleContext } from './rules';
import { evaluateRule } from './rules';

const CONSENT_ANCHOR = '#consent-settings';

function resolveFooterLinks(
  links: readonly FooterLink[],
  options: LinkOptions,
  log: HiddenLog,
  location: string,
): FooterLinkModel[] {
  const out: FooterLinkModel[] = [];
  for (const item of links) {
    if (!item || !log.visible(item, location)) continue;
    const link = resolveLink(item.href, options);
    if (!link) {
      log.unsafe(item, location);
      continue;
    }
    out.push({
      id: item.id,
      title: item.title,
      link,
      ...(item.href === CONSENT_ANCHOR ? { action: 'consent-settings' as const } : {}),
    });
  }
  return out;
}

/** Markets filtered by their flag rules, named in the page's language and sorted by that name (docs/rules.md#market-picker). */
export function resolveMarkets(
  markets: readonly MarketEntry[],
  ruleCtx: RuleContext,
  currentConfigId: string,
  language: string,
): MarketModel[] {
  const links: LinkOptions = { basePath: '', currentPath: '' };
  const out: MarketModel[] = [];
  for (const { entry: market, name } of namedMarkets(markets, language)) {
    if (market.visibility && !evaluateRule(market.visibility, ruleCtx)) continue;
    const link = resolveLink(market.link, links);
    if (!link) continue;
    out.push({
      id: market.id,
      flag: market.flag,
      country: name,
      link,
      locale: market.locale,
      preferredLocale: market.preferredLocale,
      current: market.locale === currentConfigId,
    });
  }
  return out;
}

export function resolveFooter(
  config: LocaleConfig,
  markets: readonly MarketEntry[],
  ctx: ResolverContext,
  ruleCtx: RuleContext,
  log: HiddenLog,
): FooterModel {
  const f = config.footer;
  const locale = config.locale;
  // Footer links are lower-cased (docs/rules.md#links); header links keep their case.
  const links: LinkOptions = { basePath: config.basePath, currentPath: ctx.currentPath, lowercase: true };
  const specialMode = ctx.page === 'country-selector';
  const columnsHidden = ctx.flags.has('hideFooterLinks') || specialMode;
  const strings = config.strings.footer;
  if (columnsHidden) {
    // Record the columns the flag or the special mode hides, so the preview can say why (docs/rules.md#visibility-rules).
    const rule = specialMode ? {} : { not: { flag: 'hideFooterLinks' } };
    const code = specialMode ? 'page-hides-footer-columns' : 'flag';
    const reason = specialMode
      ? 'the country selector page hides the link columns'
      : 'needs flag "hideFooterLinks" off';
    for (const column of f.columns)
      if (column) log.hide({ id: column.id, title: column.heading }, 'footer', code, reason, rule);
  }

  const model: FooterModel = {
    layout: ctx.flags.has('footerV2') ? 'v2' : 'v1',
    columns: columnsHidden
      ? []
      : f.columns
          .filter((column) => column && log.visible(column, 'footer'))
          .map((column) => ({
            id: column.id,
            heading: column.heading,
            links: resolveFooterLinks(column.links, links, log, `footer › ${column.heading}`),
          }))
          .filter((column) => column.links.length > 0),
    columnsHidden,
    social: {
      ...(f.social.hideHeading ? {} : { heading: f.social.heading }),
      icons: f.social.icons.flatMap((icon) => {
        const link = resolveLink(icon.link, links);
        const iconUrl = imageSource(icon.iconUrl);
        return link ? [{ uid: icon.uid, account: icon.account, link, ...(iconUrl ? { iconUrl } : {}) }] : [];
      }),
    },
    copyright: fillTemplate(f.copyright, { year: ctx.now.getFullYear() }),
    legalLinks: resolveFooterLinks(f.legalLinks, links, log, 'footer › legal'),
    credits: (f.credits ?? []).flatMap((credit) => {
      const link = resolveLink(credit.instituteLink.href, links);
      const logoUrl = imageSource(credit.instituteLogo.url);
      return link && logoUrl
        ? [{ id: credit.id, link, title: credit.instituteLink.title, logoUrl, logoTitle: credit.instituteLogo.title }]
        : [];
    }),
    strings,
    hidden: log.items,
  };
  if (f.disclaimer) model.disclaimerHtml = f.disclaimer;

  const review = f.reviewStrip;
  const reviewLink = review?.display ? resolveLink(review.href, links) : undefined;
  if (review?.display && reviewLink) {
    model.review = {
      score: review.scoreValue,
      stars: reviewStars(review.scoreValue),
      bucket: reviewBucket(review.scoreValue),
      count: review.countOfReviews,
      text: fillTemplate(strings.reviews, {
        score: formatNumber(review.scoreValue, locale, 1),
        count: formatNumber(review.countOfReviews, locale),
      }),
      link: reviewLink,
    };
  }
  const us = f.usContactBanner;
  if (us?.display) {
    model.usContact = {
      emailHref: `mailto:${us.email.address}`,
      emailText: us.email.linkText,
      phoneHref: `tel:${us.phone.number.replace(/[^\d+]/g, '')}`,
      phoneText: us.phone.linkText,
      availability: us.availability,
    };
  }
  const banner = f.mobileBanner;
  // Store links follow the same link rules as every other footer link (base path, unsafe schemes dropped).
  const appStore = banner?.display ? resolveLink(banner.appStoreUrl, links) : undefined;
  const playStore = banner?.display ? resolveLink(banner.playStoreUrl, links) : undefined;
  const bannerIcon = imageSource(banner?.iconUrl);
  if (banner?.display && appStore && playStore && bannerIcon) {
    model.mobileBanner = {
      iconUrl: bannerIcon,
      title: banner.title,
      appStoreUrl: appStore.href,
      playStoreUrl: playStore.href,
      ...(banner.text ? { text: banner.text } : {}),
    };
  }
  if (!f.hideCountryPicker && !specialMode) {
    model.marketPicker = {
      label: strings.marketPicker,
      markets: resolveMarkets(markets, ruleCtx, config.locale, config.language === 'ch' ? 'de-CH' : config.language),
    };
  }
  return model;
}
