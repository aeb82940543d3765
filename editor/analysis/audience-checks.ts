/**
 * The checks on what one audience gets, each a small function over one resolved model and its hidden log.
 * They read the resolver's results and never evaluate a rule themselves: what was hidden and why is the
 * resolver's to say (runtime/resolver/model.ts, HiddenCode).
 */
import type { LocaleConfig } from '../../schemas/generated/config-types';
import type { DocumentId } from '../../schemas/validator/documents';
import { PAGES, type FooterModel, type HeaderModel } from '../../runtime/resolver';
import type { MatrixPage } from './pages';
import { hasCustomerData, type MatrixPersona } from './personas';
import { problem, type AudienceProblem } from './problems';

/** Where a view's problems point: its locale's documents, and who is looking on which page. */
export interface ViewPlace {
  config: LocaleConfig;
  document: DocumentId;
  /** The document whose account menu the view shows, if any. */
  accountDocument: DocumentId | undefined;
  page: MatrixPage;
  persona: MatrixPersona;
  pointerOf(document: DocumentId, id: string): string | undefined;
}

export type HeaderCheck = (header: HeaderModel, place: ViewPlace) => AudienceProblem[];
export type FooterCheck = (footer: FooterModel, place: ViewPlace) => AudienceProblem[];

/** A customer with data, on a page with navigation, gets a private header with at least one nav item. */
export const emptyHeader: HeaderCheck = (header, { config, document, page, persona }) => {
  if (
    !hasCustomerData(persona) ||
    header.variant !== 'private' ||
    PAGES[page.page].hideNavigation ||
    header.navItems.length > 0
  )
    return [];
  const own = config.header.private !== undefined;
  return [
    problem('empty-header', {
      document,
      locale: config.locale,
      pointer: own ? '/header/private' : '/header',
      message: own
        ? 'the logged-in header has no navigation items'
        : 'there is no private header: logged-in customers get the logo only',
      hint: own
        ? 'check the rules of header.private.navItems: at least one entry must be visible to every customer'
        : 'add header.private with the logged-in menus (copy a sibling locale)',
    }),
  ];
};

/** Dropdowns the resolver dropped because none of their entries kept a link. */
export const emptyDropdowns: HeaderCheck = (header, { config, document, pointerOf }) =>
  header.hidden
    .filter((hidden) => hidden.code === 'empty-dropdown')
    .map((hidden) =>
      problem('empty-dropdown', {
        document,
        locale: config.locale,
        pointer: pointerOf(document, hidden.id) ?? '/header',
        message: `the dropdown "${hidden.title}" is left without a link after filtering, so it is dropped`,
        hint: 'give the nav item a rule that hides it together with its entries, or keep one entry visible for this audience',
      }),
    );

/** A customer's account menu keeps at least one entry. */
export const emptyAccountMenu: HeaderCheck = (header, { config, document, accountDocument }) => {
  if (!header.customer || header.customer.accountMenu.items.length > 0) return [];
  return [
    problem('empty-dropdown', {
      document: accountDocument ?? document,
      locale: config.locale,
      pointer: '/accountMenu',
      message: accountDocument
        ? 'the account menu is left empty after filtering'
        : 'there is no account menu (neither this locale nor en has one)',
      hint: 'every customer needs at least the messages, documents and account-access entries',
    }),
  ];
};

/**
 * Footer columns (accordions on phones) dropped for having no link left. The resolver records a column that its
 * rule or the page hides; one it neither rendered nor recorded was dropped for being empty.
 */
export const emptiedFooterColumns: FooterCheck = (footer, { config, document }) => {
  if (footer.columnsHidden) return [];
  const shown = new Set(footer.columns.map((column) => column.id));
  const hidden = new Set(footer.hidden.filter((h) => h.location === 'footer').map((h) => h.id));
  return config.footer.columns.flatMap((column, i) =>
    !column || shown.has(column.id) || hidden.has(column.id)
      ? []
      : [
          problem('empty-dropdown', {
            document,
            locale: config.locale,
            pointer: `/footer/columns/${i}`,
            message: `the footer column "${column.heading}" (an accordion on phones) is left without links after filtering, so it is dropped`,
            hint: 'give the column a rule that hides it together with its links, or keep one link visible for this audience',
          }),
        ],
  );
};

export const HEADER_CHECKS: readonly HeaderCheck[] = [emptyHeader, emptyDropdowns, emptyAccountMenu];
export const FOOTER_CHECKS: readonly FooterCheck[] = [emptiedFooterColumns];
