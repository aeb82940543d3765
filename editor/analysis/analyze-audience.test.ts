import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LocaleConfig } from '../../schemas/generated/config-types';
import { type ResolverContext, PAGES, resolveShell } from '../../runtime/resolver';
import {
  CONFIG_IDS,
  DEFAULT_FLAGS,
  editableConfig,
  loadConfig,
  MARKETS,
} from '../../runtime/resolver/__fixtures__/configs';
import { analyzeAudience, type AudienceReport, type AudienceView, type VisibleItems } from './analyze-audience';
import { MATRIX_PAGES } from './pages';
import { MATRIX_PERSONAS } from './personas';

const shipped = (): LocaleConfig[] => CONFIG_IDS.map((id) => loadConfig(id));
/** The shipped set with de-DE replaced by an edited copy. */
function withDeDE(edit: (c: LocaleConfig) => void): LocaleConfig[] {
  const config = editableConfig('de-DE');
  edit(config);
  return shipped().map((c) => (c.locale === 'de-DE' ? config : c));
}
const analyze = (configs: LocaleConfig[], locales?: string[]) =>
  analyzeAudience({ configs, markets: MARKETS, defaultFlags: DEFAULT_FLAGS, ...(locales ? { locales } : {}) });

const report = analyze(shipped());
const views = (r: AudienceReport, locale: string) => r.locales.find((l) => l.locale === locale)!.views;
const view = (r: AudienceReport, locale: string, persona: string, page: string) =>
  views(r, locale).find((v) => v.persona === persona && v.page === page)!;
const cell = (v: AudienceView, on: string[]) =>
  v.cells.find((c) => c.flagsOn.length === on.length && on.every((f) => c.flagsOn.includes(f)))!.visible;

describe('the audience matrix on the shipped configs', () => {
  it('finds no errors', () => {
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.errors).toBe(0);
    expect(report.warnings).toBe(report.problems.length);
  });

  it('every locale × persona × page is a view, and every view holds each combination of its flags once', () => {
    expect(report.locales.map((l) => l.locale)).toEqual([...CONFIG_IDS]);
    let cells = 0;
    for (const matrix of report.locales) {
      for (const v of matrix.views) {
        expect(v.cells).toHaveLength(2 ** v.flags.length);
        expect(new Set(v.cells.map((c) => [...c.flagsOn].sort().join())).size).toBe(v.cells.length);
        for (const f of v.flags) expect(matrix.flags, `${v.locale} ${v.page}`).toContain(f);
        cells += v.cells.length;
      }
    }
    expect(report.combinations).toBe(cells);
    // 12 market locales × 9 pages + en × 5 pages, each with all six personas
    expect(report.locales.reduce((n, l) => n + l.views.length, 0)).toBe((12 * 9 + 5) * MATRIX_PERSONAS.length);
  });

  it('each cell is what resolveShell renders for that audience (de-DE and nl-NL, every cell)', () => {
    const en = loadConfig('en');
    const fromShell = (config: LocaleConfig, ctx: ResolverContext): VisibleItems => {
      const m = resolveShell({ config, fallback: en, markets: MARKETS }, ctx);
      const lists = ['top', 'main', 'sidebar', 'bottom'] as const;
      return {
        header: m.header.variant,
        nav: m.header.navItems.map((n) => n.id),
        dropdowns: Object.fromEntries(
          m.header.navItems
            .filter((n) => n.subMenu)
            .map((n) => [n.id, lists.flatMap((l) => n.subMenu![l].map((i) => i.id))]),
        ),
        actions: m.header.actionItems.map((a) => a.id),
        accountMenu: m.header.customer?.accountMenu.items.map((i) => i.id) ?? [],
        footerColumns: Object.fromEntries((m.footer?.columns ?? []).map((c) => [c.id, c.links.map((l) => l.id)])),
        legalLinks: m.footer?.legalLinks.map((l) => l.id) ?? [],
        markets: m.footer?.marketPicker?.markets.map((k) => k.id) ?? [],
      };
    };
    for (const locale of ['de-DE', 'nl-NL'] as const) {
      const config = loadConfig(locale);
      for (const v of views(report, locale)) {
        const page = MATRIX_PAGES.find((p) => p.id === v.page)!;
        const persona = MATRIX_PERSONAS.find((p) => p.id === v.persona)!;
        for (const c of v.cells) {
          const flags = new Set([...[...DEFAULT_FLAGS].filter((f) => !v.flags.includes(f)), ...c.flagsOn]);
          const ctx: ResolverContext = {
            locale,
            page: page.page,
            ...persona.facts,
            flags,
            currentPath: `${config.basePath}${PAGES[page.page].path}`,
            now: new Date(0),
          };
          expect(c.visible, `${locale} ${v.persona} ${v.page} ${c.flagsOn.join(',')}`).toEqual(fromShell(config, ctx));
        }
      }
    }
  });

  it('shows the new or the legacy deposit pages as newDepositsPage says (docs/rules.md#dashboard-menus)', () => {
    const v = view(report, 'de-DE', 'customer', 'dashboard');
    expect(cell(v, ['newDepositsPage']).dropdowns['mein-sparen']).toEqual(
      expect.arrayContaining(['meine-festgelder', 'mein-tagesgeld', 'mein-kuendigungsgeld']),
    );
    expect(cell(v, ['newDepositsPage']).dropdowns['mein-sparen']).not.toContain('meine-festgelder-legacy');
    expect(cell(v, []).dropdowns['mein-sparen']).toEqual(
      expect.arrayContaining(['meine-festgelder-legacy', 'mein-tagesgeld-legacy', 'mein-kuendigungsgeld-legacy']),
    );
    expect(cell(v, []).dropdowns['mein-sparen']).not.toContain('meine-festgelder');
  });

  it('gives a pending customer the reduced account menu and no deposit pages (docs/rules.md#account-menu)', () => {
    const visible = cell(view(report, 'de-DE', 'pending', 'dashboard'), []);
    expect(visible.accountMenu).toEqual(loadConfig('de-DE').accountMenu!.reducedItemIds);
    expect(visible.dropdowns['mein-sparen']!.filter((id) => id.startsWith('mein-') || id.startsWith('meine-'))).toEqual(
      [],
    );
  });

  it('shows payment methods only with their flag, and the company links only to companies', () => {
    const customer = view(report, 'de-DE', 'customer', 'dashboard');
    expect(cell(customer, ['paymentMethodScreens']).accountMenu).toContain('zahlungsmethoden');
    expect(cell(customer, []).accountMenu).not.toContain('zahlungsmethoden');
    expect(cell(customer, []).accountMenu).not.toContain('firma-steuern');
    expect(cell(view(report, 'de-DE', 'company', 'dashboard'), []).accountMenu).toContain('firma-steuern');
  });

  it('gives a partner-referred visitor no navigation and only the login action (docs/rules.md#partner-referred-visitors)', () => {
    const visible = cell(view(report, 'de-DE', 'partner-visitor', 'home'), []);
    expect(visible.header).toBe('partner');
    expect(visible.nav).toEqual([]);
    const login = loadConfig('de-DE')
      .header.public!.actionItems!.filter((a) => a.type === 'login')
      .map((a) => a.id);
    expect(visible.actions).toEqual(login);
  });

  it('shows the Dutch investing menu only with dwmNetherlandsLaunch on', () => {
    const v = view(report, 'nl-NL', 'visitor', 'home');
    expect(v.flags).toContain('dwmNetherlandsLaunch');
    expect(cell(v, ['dwmNetherlandsLaunch']).nav).toContain('beleggen');
    expect(cell(v, []).nav).not.toContain('beleggen');
  });

  it('every sibling warning names an id the sibling file really lacks', () => {
    const siblings = report.problems.filter((p) => p.code === 'missing-in-sibling');
    expect(siblings.length).toBeGreaterThan(0);
    for (const p of siblings) {
      const id = /^"([^"]+)"/.exec(p.message)![1]!;
      const siblingText = readFileSync(
        fileURLToPath(new URL(`../../config/${p.locale}.json`, import.meta.url)),
        'utf8',
      );
      expect(siblingText, `${id} in ${p.locale}`).not.toContain(`"id": "${id}"`);
      const referenceText = readFileSync(
        fileURLToPath(new URL(`../../config/${p.document}.json`, import.meta.url)),
        'utf8',
      );
      expect(referenceText).toContain(`"id": "${id}"`);
    }
  });
});

describe('planted problems', () => {
  it('a dropdown whose every entry needs a flag is an error for the audiences that see the menu with the flag off', () => {
    const r = analyze(
      withDeDE((c) => {
        c.header.private!.navItems!.push({
          id: 'planted-dropdown',
          title: 'Neu',
          subMenus: {
            main: [
              {
                type: 'basic',
                id: 'planted-entry',
                title: 'Neue Seite',
                href: '/neu/',
                visibility: { flag: 'newDepositsPage' },
              },
            ],
          },
        });
      }),
    );
    const found = r.problems.filter((p) => p.code === 'empty-dropdown');
    expect(found).toHaveLength(1);
    const p = found[0]!;
    expect(p).toMatchObject({
      severity: 'error',
      document: 'de-DE',
      locale: 'de-DE',
      pointer: `/header/private/navItems/${loadConfig('de-DE').header.private!.navItems!.length}`,
    });
    expect(p.message).toMatch(/^the dropdown "Neu" is left without a link after filtering/);
    for (const a of p.audiences!) {
      expect(['customer', 'company', 'pending']).toContain(a.persona);
      expect(['home', 'dashboard']).toContain(a.page);
      expect(a.flagsOn).not.toContain('newDepositsPage');
    }
    // Every cell of a private header with navigation and the flag off shows it.
    const expected = r.locales
      .find((l) => l.locale === 'de-DE')!
      .views.filter(
        (v) => ['customer', 'company', 'pending'].includes(v.persona) && ['home', 'dashboard'].includes(v.page),
      )
      .reduce((n, v) => n + v.cells.filter((c) => !c.flagsOn.includes('newDepositsPage')).length, 0);
    expect(p.occurrences).toBe(expected);
    expect(r.errors).toBe(1);
  });

  it('a dropdown nobody can fill is an error and its nav item a warning: no audience sees it', () => {
    const r = analyze(
      withDeDE((c) => {
        c.header.public!.navItems![0]!.subMenus = {
          main: [
            {
              type: 'basic',
              id: 'only-entry',
              title: 'Nur für Frankreich',
              href: '/x/',
              visibility: { locale: ['fr-FR'] },
            },
          ],
        };
      }),
    );
    expect(r.problems.filter((p) => p.code === 'empty-dropdown').map((p) => p.pointer)).toEqual([
      '/header/public/navItems/0',
    ]);
    const unseen = r.problems.filter((p) => p.code === 'unseen-item' && p.document === 'de-DE');
    expect(unseen.map((p) => p.pointer)).toEqual(['/header/public/navItems/0']); // not its entry again
    expect(unseen[0]!.hint).toContain('every entry of its dropdown is hidden');
  });

  it('an unsafe link is an error, and the item it sits on is seen by nobody', () => {
    const r = analyze(withDeDE((c) => (c.footer.legalLinks[2]!.href = 'javascript:alert(1)')));
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([
      expect.objectContaining({ code: 'unsafe-link', document: 'de-DE', pointer: '/footer/legalLinks/2/href' }),
    ]);
    expect(r.problems).toContainEqual(
      expect.objectContaining({
        code: 'unseen-item',
        pointer: '/footer/legalLinks/2',
        hint: expect.stringContaining('unsafe'),
      }),
    );
  });

  it('a logged-in customer without a private header is an error on the pages that show navigation', () => {
    const r = analyze(withDeDE((c) => delete c.header.private));
    const p = r.problems.find((x) => x.code === 'empty-header')!;
    expect(p).toMatchObject({ severity: 'error', document: 'de-DE', pointer: '/header' });
    expect(new Set(p.audiences!.map((a) => a.persona))).toEqual(new Set(['customer', 'company', 'pending']));
    expect(new Set(p.audiences!.map((a) => a.page))).toEqual(new Set(['home', 'dashboard']));
  });

  it('an account menu that filters to nothing is an error for whoever gets it empty', () => {
    const r = analyze(
      withDeDE((c) => {
        for (const item of c.accountMenu!.items) item.visibility = { customerType: 'company' };
      }),
    );
    const p = r.problems.find((x) => x.code === 'empty-dropdown' && x.pointer === '/accountMenu')!;
    expect(p.severity).toBe('error');
    expect(new Set(p.audiences!.map((a) => a.persona))).toEqual(new Set(['customer', 'pending']));
  });

  it('an item whose rule no persona meets is a warning with the reason', () => {
    const r = analyze(
      withDeDE((c) => {
        c.header.private!.navItems![4]!.subMenus!.main!.push({
          type: 'basic',
          id: 'dkb-only',
          title: 'Nur DKB',
          href: '/dkb/',
          visibility: { distributor: { in: ['dkb'] } },
        });
      }),
    );
    const p = r.problems.find((x) => x.code === 'unseen-item')!;
    expect(p).toMatchObject({
      severity: 'warning',
      document: 'de-DE',
      pointer: `/header/private/navItems/4/subMenus/main/${loadConfig('de-DE').header.private!.navItems![4]!.subMenus!.main!.length}`,
    });
    expect(p.hint).toContain('only for distributors dkb');
  });

  it('a market whose locale has no config is an error', () => {
    const r = analyze(shipped().filter((c) => c.locale !== 'fi-FI'));
    expect(r.problems).toContainEqual(
      expect.objectContaining({
        code: 'market-without-config',
        severity: 'error',
        document: 'markets',
        pointer: `/markets/${MARKETS.findIndex((m) => m.locale === 'fi-FI')}/locale`,
      }),
    );
  });
});

describe('for the editor', () => {
  it('builds the matrix of one locale on request, still checking it against its siblings', () => {
    const one = analyze(shipped(), ['de-AT']);
    expect(one.locales.map((l) => l.locale)).toEqual(['de-AT']);
    expect(one.combinations).toBe(views(report, 'de-AT').reduce((n, v) => n + v.cells.length, 0));
    expect(one.problems.some((p) => p.code === 'missing-in-sibling' && p.locale === 'de-AT')).toBe(true);
  });

  it('cuts a view with too many flags and says so', () => {
    const r = analyzeAudience({ configs: shipped(), markets: MARKETS, locales: ['de-DE'], maxFlagsPerView: 2 });
    for (const v of r.locales[0]!.views) expect(v.cells.length).toBeLessThanOrEqual(4);
    expect(r.problems.some((p) => p.code === 'matrix-truncated')).toBe(true);
  });

  it('is pure TypeScript: no node: modules, no React, no editor', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const source = readFileSync(`${dir}${name}`, 'utf8');
      expect(source, name).not.toMatch(/from ['"](node:|fs|path|react|react-dom|@chakra-ui)/);
      expect(source, name).not.toMatch(/from ['"][./]*editor\//);
    }
  });
});
