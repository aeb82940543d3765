import { useMemo, useState } from 'react';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { usePublishedDocument } from '../config/get-published-config';
import { CountryBanner } from '../components/CountryBanner';
import { PageContainer } from '../components/PageContainer';
import { Shell } from '../components/Shell';
import { ShellProvider } from '../components/ShellProvider';
import { chooseConfig } from '../resolver/choose-config';
import type { ResolverContext } from '../resolver/context';
import { countryBannerSuggestion } from '../resolver/country-banner';
import type { MarketModel } from '../resolver/model';
import { resolveShell } from '../resolver/resolve-shell';
import { personaContext } from '../preview/personas';
import type { PreviewScenario } from '../preview/preview-params';
import { ParamErrorPanel } from './ParamErrorPanel';
import { PlaceholderBody } from './PlaceholderBody';
import { portalPath } from './portal-paths';
import { clearCountryChoiceCookie, readPreferredLocale, storePreferredLocale } from './preferences';

export interface ShellScreenProps {
  scenario: PreviewScenario;
  /** ?country= on the URL: the country-choice parameter of SPEC §4. */
  countryChoice?: string;
  /** Moves to another scenario (preview) or URL (portal). */
  onNavigate: (change: Partial<PreviewScenario> & { href?: string }) => void;
}

export function ShellScreen({ scenario, countryChoice, onNavigate }: ShellScreenProps) {
  const choice = chooseConfig(scenario.locale, scenario.page);
  const configId = choice.ok ? choice.configId : null;
  const config = usePublishedDocument<LocaleConfig>(configId);
  const markets = usePublishedDocument<MarketsDocument>('markets');
  const flags = usePublishedDocument<FlagsDocument>('flags');
  // SPEC §2: a locale without an account menu uses the English list; fetch en only then.
  const needsFallback = !!config.data && !config.data.accountMenu && config.data.locale !== 'en';
  const fallback = usePublishedDocument<LocaleConfig>(needsFallback ? 'en' : null);
  const [bannerDismissed, setBannerDismissed] = useState(false);

  const model = useMemo(() => {
    if (!config.data || !markets.data || !flags.data || (needsFallback && !fallback.data)) return undefined;
    const flagsOn = new Set(scenario.flags ?? flags.data.flags.filter((f) => f.default).map((f) => f.id));
    const persona = personaContext(scenario, config.data);
    const ctx: ResolverContext = {
      locale: config.data.locale,
      page: scenario.page,
      flags: flagsOn,
      currentPath: portalPath(config.data.basePath, scenario.page),
      now: new Date(),
      ...persona,
    };
    return resolveShell({ config: config.data, ...(fallback.data ? { fallback: fallback.data } : {}), markets: markets.data.markets }, ctx);
  }, [config.data, markets.data, flags.data, fallback.data, needsFallback, scenario]);

  if (!choice.ok) {
    return <ParamErrorPanel title="This preview link has a problem" errors={[{ param: 'locale', value: scenario.locale, message: choice.message, validValues: choice.validValues }]} />;
  }
  const loadError = config.error ?? markets.error ?? flags.error ?? fallback.error;
  if (loadError) {
    return <ParamErrorPanel title="The configuration could not be loaded" errors={[{ param: 'config', value: configId ?? '', message: `${(loadError as Error).message}. Publish the document in the editor, then reload.` }]} />;
  }
  if (!model || !config.data) return <div aria-busy="true" style={{ minHeight: 80 }} />;

  const markets_ = model.footer?.marketPicker?.markets ?? [];
  const suggestion = bannerDismissed ? undefined : countryBannerSuggestion({ markets: markets_, currentConfigId: model.locale, ...(countryChoice ? { countryChoice } : {}), ...(readPreferredLocale() ? { storedPreferredLocale: readPreferredLocale()! } : {}) });
  const chooseMarket = (market: MarketModel) => {
    storePreferredLocale(market.preferredLocale);
    onNavigate({ locale: market.locale, href: market.link.href });
  };

  return (
    <ShellProvider>
      {suggestion && config.data && (
        <CountryBanner
          text={config.data.strings.banner.text.replace('{market}', suggestion.country)}
          allGoodLabel={config.data.strings.banner.allGood}
          chooseLabel={config.data.strings.banner.chooseMarket}
          onAllGood={() => {
            const current = markets_.find((m) => m.current);
            if (current) storePreferredLocale(current.preferredLocale);
            clearCountryChoiceCookie();
            setBannerDismissed(true);
          }}
          onChooseMarket={() => chooseMarket(suggestion)}
        />
      )}
      <Shell
        model={model}
        handlers={{
          onLogout: () => onNavigate({ page: 'login', persona: 'visitor' }),
          onOpenConsentSettings: () => window.dispatchEvent(new CustomEvent('portal-shell:consent-second-layer')),
          onChooseMarket: chooseMarket,
          onSwitchAccount: () => undefined,
        }}
      >
        <PageContainer>
          <PlaceholderBody page={scenario.page} />
        </PageContainer>
      </Shell>
    </ShellProvider>
  );
}
