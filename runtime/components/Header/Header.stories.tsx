/**
 * The header as Storybook shows it: the real Header from the resolver's model of the shipped de-DE config, with
 * the first nav item's title as a Controls text field. bench/editor-typing.bench.ts types into that field and
 * times the canvas, as it times the editor's preview, so the two figures are measured the same way
 * (docs/editor-typing.md).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import deDE from '../../../config/de-DE.json';
import type { LocaleConfig } from '../../../schemas/generated/config-types';
import { resolveShellHeader, type ResolverContext } from '../../resolver';
import { Header } from './Header';

const CONFIG = deDE as unknown as LocaleConfig;
const PUBLIC_HEADER = CONFIG.header.public;
if (!PUBLIC_HEADER?.navItems?.[0]) throw new Error('config/de-DE.json has no public nav item for the story to rename');
const NAV_ITEMS = PUBLIC_HEADER.navItems;

/** An anonymous visitor on the home page: the public header, every nav item and its menus. */
const VISITOR: ResolverContext = {
  locale: 'de-DE',
  page: 'home',
  loggedIn: false,
  currentPath: '',
  now: new Date('2026-01-15T12:00:00Z'),
  access: new Set(),
  pomProducts: new Set(),
  flags: new Set(),
};

interface HeaderStoryArgs {
  /** The first nav item's title ("Sparen" in the shipped config). */
  navTitle: string;
}

/** Resolves on every render, as the preview resolves every draft it receives. */
function ResolvedHeader({ navTitle }: HeaderStoryArgs) {
  const navItems = NAV_ITEMS.map((item, index) => (index === 0 ? { ...item, title: navTitle } : item));
  const config: LocaleConfig = { ...CONFIG, header: { ...CONFIG.header, public: { ...PUBLIC_HEADER, navItems } } };
  const model = resolveShellHeader({ config, markets: [] }, VISITOR);
  return <Header model={model} onLogout={() => {}} onSwitchAccount={() => {}} />;
}

const meta = {
  title: 'Runtime/Header',
  component: ResolvedHeader,
  args: { navTitle: NAV_ITEMS[0]!.title },
  argTypes: { navTitle: { control: 'text', name: 'Nav item title' } },
} satisfies Meta<typeof ResolvedHeader>;

export default meta;

export const DeDePublic: StoryObj<typeof meta> = {};
