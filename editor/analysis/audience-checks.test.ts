import { describe, expect, it } from 'vitest';
import type { LocaleConfig } from '../../schemas/generated/config-types';
import type { DocumentId } from '../../schemas/validator/documents';
import { resolveShellFooter, resolveShellHeader, type FooterModel, type HeaderModel } from '../../runtime/resolver';
import { editableConfig, loadConfig, MARKETS } from '../../runtime/resolver/__fixtures__/configs';
import { emptiedFooterColumns, emptyAccountMenu, emptyDropdowns, emptyHeader, type ViewPlace } from './audience-checks';
import { indexConfig } from './items';
import { MATRIX_PAGES, type MatrixPage } from './pages';
import { MATRIX_PERSONAS, type MatrixPersona } from './personas';

const persona = (id: string): MatrixPersona => MATRIX_PERSONAS.find((p) => p.id === id)!;
const page = (id: string): MatrixPage => MATRIX_PAGES.find((p) => p.id === id)!;

function place(config: LocaleConfig, pageId: string, personaId: string): ViewPlace {
  const pointers = new Map(indexConfig(config).map((item) => [item.id, item.pointer]));
  const document = config.locale as DocumentId;
  return {
    config,
    document,
    accountDocument: config.accountMenu ? document : 'en',
    page: page(pageId),
    persona: persona(personaId),
    pointerOf: (_, id) => pointers.get(id),
  };
}

/** The resolver's models for one view, with every flag off. */
function resolved(config: LocaleConfig, at: ViewPlace): { header: HeaderModel; footer: FooterModel | undefined } {
  const ctx = {
    locale: config.locale,
    page: at.page.page,
    ...at.persona.facts,
    flags: new Set<string>(),
    currentPath: '/',
    now: new Date(0),
  };
  const input = { config, fallback: loadConfig('en'), markets: MARKETS };
  return { header: resolveShellHeader(input, ctx), footer: resolveShellFooter(input, ctx) };
}

const DROPDOWN_LISTS = ['top', 'main', 'sidebar', 'bottom'] as const;

describe('emptyDropdowns reads the dropdowns the resolver dropped', () => {
  it('a dropdown whose entries are all hidden is reported at the nav item, by its title', () => {
    const config = editableConfig('de-DE');
    const nav = config.header.public!.navItems!.find((n) => n.subMenus)!;
    for (const list of DROPDOWN_LISTS)
      for (const entry of nav.subMenus![list] ?? []) entry.visibility = { flag: 'designV2' };
    const at = place(config, 'home', 'visitor');
    const found = emptyDropdowns(resolved(config, at).header, at);
    expect(found.map((p) => [p.code, p.pointer])).toEqual([
      ['empty-dropdown', '/header/public/navItems/' + config.header.public!.navItems!.indexOf(nav)],
    ]);
    expect(found[0]!.message).toContain(`"${nav.title}"`);
  });

  it('a dropdown hidden by its own rule is not empty: the rule meant it', () => {
    const config = editableConfig('de-DE');
    const nav = config.header.public!.navItems!.find((n) => n.subMenus)!;
    nav.visibility = { flag: 'designV2' };
    for (const list of DROPDOWN_LISTS)
      for (const entry of nav.subMenus![list] ?? []) entry.visibility = { flag: 'designV2' };
    const at = place(config, 'home', 'visitor');
    expect(emptyDropdowns(resolved(config, at).header, at)).toEqual([]);
  });
});

describe('emptiedFooterColumns', () => {
  const allLinksHidden = (config: LocaleConfig, column: number) => {
    for (const link of config.footer.columns[column]!.links) link.visibility = { flag: 'designV2' };
  };

  it('a column left without links is reported at the column', () => {
    const config = editableConfig('de-DE');
    allLinksHidden(config, 1);
    const at = place(config, 'home', 'visitor');
    expect(emptiedFooterColumns(resolved(config, at).footer!, at).map((p) => [p.code, p.pointer])).toEqual([
      ['empty-dropdown', '/footer/columns/1'],
    ]);
  });

  it('a column hidden by its own rule is not reported', () => {
    const config = editableConfig('de-DE');
    allLinksHidden(config, 1);
    config.footer.columns[1]!.visibility = { flag: 'designV2' };
    const at = place(config, 'home', 'visitor');
    expect(emptiedFooterColumns(resolved(config, at).footer!, at)).toEqual([]);
  });
});

describe('emptyHeader and emptyAccountMenu', () => {
  const hideEverything = (config: LocaleConfig) => {
    for (const nav of config.header.private!.navItems ?? []) nav.visibility = { flag: 'designV2' };
  };

  it('a customer with data on the dashboard whose private navigation is all hidden', () => {
    const config = editableConfig('de-DE');
    hideEverything(config);
    const at = place(config, 'dashboard', 'customer');
    expect(emptyHeader(resolved(config, at).header, at).map((p) => [p.code, p.pointer])).toEqual([
      ['empty-header', '/header/private'],
    ]);
  });

  it('not on a page that hides the navigation, and not for a visitor', () => {
    const config = editableConfig('de-DE');
    hideEverything(config);
    const cdvc = place(config, 'cdvc', 'customer');
    expect(emptyHeader(resolved(config, cdvc).header, cdvc)).toEqual([]);
    const visitor = place(config, 'home', 'visitor');
    expect(emptyHeader(resolved(config, visitor).header, visitor)).toEqual([]);
  });

  it('an account menu whose entries are all hidden is reported in the document it comes from', () => {
    const config = editableConfig('de-DE');
    for (const item of [...config.accountMenu!.items, ...(config.accountMenu!.companyItems ?? [])])
      item.visibility = { flag: 'designV2' };
    const at = place(config, 'dashboard', 'customer');
    expect(emptyAccountMenu(resolved(config, at).header, at).map((p) => [p.code, p.document, p.pointer])).toEqual([
      ['empty-dropdown', 'de-DE', '/accountMenu'],
    ]);
  });
});
