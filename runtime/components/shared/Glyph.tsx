import type { Icon } from '../../../schemas/generated/config-types';

/** Interface glyphs the shell needs besides the config's menu icons. */
export type UiGlyph = 'chevron-down' | 'close' | 'menu' | 'arrow-right' | 'copy' | 'check' | 'info' | 'external';

export type GlyphName = Icon | UiGlyph;

/**
 * Outline icons on a 24 px grid, one path string each. Inline SVG instead of an icon font or
 * image files: no extra requests, they inherit `currentColor`, and the whole set is about 3 KB.
 */
const PATHS: Record<GlyphName, string> = {
  savings:
    'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M9 9.5h4.5a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3H15 M12 7.5v1.5 M12 15v1.5',
  'fixed-deposit': 'M4 5h16v15H4z M4 10h16 M8 3v4 M16 3v4 M9 15h6',
  overnight: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  notice: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M12 7v5l3 3',
  chart: 'M4 20h16 M7 16v-5 M12 16V7 M17 16v-8',
  pension: 'M3 12a9 9 0 0 1 18 0z M12 12v6a2 2 0 0 0 4 0',
  crypto: 'M12 2.5l8.5 4.75v9.5L12 21.5l-8.5-4.75v-9.5z M12 7.5v9 M9.5 10l2.5-2.5 2.5 2.5',
  etf: 'M12 3a9 9 0 1 0 9 9h-9z M15 3.5A9 9 0 0 1 20.5 9H15z',
  help: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M9.5 9a2.5 2.5 0 0 1 5 0c0 2-2.5 2-2.5 4 M12 17h.01',
  info: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M12 11v6 M12 7.5h.01',
  document: 'M6 2.5h8l4 4v15H6z M14 2.5v4h4 M9 12h6 M9 16h6',
  mail: 'M3 5h18v14H3z M3 6l9 7 9-7',
  user: 'M12 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8z M4 21a8 8 0 0 1 16 0',
  lock: 'M5 11h14v10H5z M8 11V7a4 4 0 0 1 8 0v4 M12 15v2',
  bell: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4z M10 20.5a2 2 0 0 0 4 0',
  card: 'M2.5 5.5h19v13h-19z M2.5 10h19 M6 15h4',
  tax: 'M19 5L5 19 M7 5a2 2 0 1 0 0 4a2 2 0 1 0 0-4z M17 15a2 2 0 1 0 0 4a2 2 0 1 0 0-4z',
  shield: 'M12 2.5l8 3v6c0 5-3.5 8.5-8 10.5-4.5-2-8-5.5-8-10.5v-6z M8.5 12l2.5 2.5 4.5-4.5',
  building: 'M4 21h16 M6 21V8l6-4 6 4v13 M10 21v-5h4v5 M9.5 10.5h.01 M14.5 10.5h.01',
  briefcase: 'M3 7h18v13H3z M8 7V4h8v3 M3 13h18',
  newspaper: 'M4 4h13v16H6a2 2 0 0 1-2-2z M17 8h3v10a2 2 0 0 1-2 2 M8 8h5 M8 12h5 M8 16h5',
  star: 'M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z',
  gift: 'M3 8h18v4H3z M5 12v9h14v-9 M12 8v13 M12 8C10 4 6.5 4 6.5 6.2S10 8 12 8c2 0 5.5-.3 5.5-1.8S14 4 12 8',
  globe: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M3 12h18 M12 3c3 3.5 3 14.5 0 18 M12 3c-3 3.5-3 14.5 0 18',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  switch: 'M4 8h15l-3.5-3.5 M20 16H5l3.5 3.5',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4 M16 17l5-5-5-5 M21 12H9',
  book: 'M3 4.5h6a3 3 0 0 1 3 2.5 3 3 0 0 1 3-2.5h6v14h-6a3 3 0 0 0-3 2 3 3 0 0 0-3-2H3z M12 7v13',
  calculator: 'M5 2.5h14v19H5z M8 6h8v4H8z M8.5 14h.01 M12 14h.01 M15.5 14h.01 M8.5 18h.01 M12 18h.01 M15.5 18h.01',
  leaf: 'M5 19C5 10 11 5 20 5c0 9-5 14.5-14 14.5 M5 19.5l7.5-7.5',
  home: 'M3 11l9-8 9 8 M5 9.5V21h14V9.5 M10 21v-6h4v6',
  handshake: 'M2 11l4-4 4 1.5L13 7l9 4 M6 7L2 11l7 7 2-2 2 2 2-2 2 2 5-5 M10 12l2 2',
  'chevron-down': 'M6 9l6 6 6-6',
  close: 'M6 6l12 12 M18 6L6 18',
  menu: 'M4 6.5h16 M4 12h16 M4 17.5h16',
  'arrow-right': 'M5 12h14 M13 6l6 6-6 6',
  copy: 'M9 9h11v11H9z M5 15H4V4h11v1',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  external: 'M14 4h6v6 M20 4l-9 9 M18 14v6H4V6h6',
};

export interface GlyphProps {
  name: GlyphName;
  size?: string;
  /** The accent colour instead of the surrounding text colour. */
  tone?: 'accent';
  /** Moved 2 px down, to sit on the first line of a two-line label. */
  nudged?: boolean;
  /** Turned upside down (an open disclosure's chevron). */
  flipped?: boolean;
}

/**
 * A decorative icon: hidden from assistive technology, so its meaning must also be in text.
 * Styled by glyph.css (listed in runtime/styles/index.css).
 */
export function Glyph({ name, size = '20px', tone, nudged, flipped }: GlyphProps) {
  const classes = [
    'ps-glyph',
    tone === 'accent' && 'ps-glyph--accent',
    nudged && 'ps-glyph--nudged',
    flipped && 'ps-glyph--flipped',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    // Size as inline style: the reset's `svg { height: auto }` would beat width/height attributes.
    <svg
      viewBox="0 0 24 24"
      className={classes}
      style={{ width: size, height: size }}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
