import type { HeaderSection } from './model';

/** Document order; `satisfies` fails to compile when the schema's Header gains or loses a section. */
const DOCUMENT_ORDER = {
  public: 0,
  login: 1,
  register: 2,
  countrySelector: 3,
  private: 4,
  integrated: 5,
  corporate: 6,
  bankNavigation: 7,
} satisfies Record<HeaderSection, number>;

/** The header sections a locale config may hold, each a menu the resolver can choose (docs/rules.md#header-choice). */
export const HEADER_SECTIONS = Object.keys(DOCUMENT_ORDER) as readonly HeaderSection[];
