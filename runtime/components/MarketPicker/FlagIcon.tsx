import type { ReactNode } from 'react';

/** Three bands, horizontal (h) or vertical (v), top/left first. */
const tricolour = (direction: 'h' | 'v', colours: [string, string, string]): ReactNode =>
  colours.map((fill, index) =>
    direction === 'h' ? (
      <rect key={index} x="0" y={index * 6} width="30" height="6" fill={fill} />
    ) : (
      <rect key={index} x={index * 10} y="0" width="10" height="18" fill={fill} />
    ),
  );

/**
 * Small flags drawn from rectangles: accurate enough at 24×16 px, a few hundred bytes in total,
 * and no flag images or emoji (which Windows does not render as flags).
 */
const FLAGS: Record<string, ReactNode> = {
  at: tricolour('h', ['#c8102e', '#ffffff', '#c8102e']),
  de: tricolour('h', ['#000000', '#dd0000', '#ffce00']),
  nl: tricolour('h', ['#ae1c28', '#ffffff', '#21468b']),
  fr: tricolour('v', ['#0055a4', '#ffffff', '#ef4135']),
  it: tricolour('v', ['#009246', '#ffffff', '#ce2b37']),
  ie: tricolour('v', ['#169b62', '#ffffff', '#ff883e']),
  pl: [
    <rect key="w" width="30" height="9" fill="#ffffff" />,
    <rect key="r" y="9" width="30" height="9" fill="#dc143c" />,
  ],
  es: [
    <rect key="r" width="30" height="18" fill="#c60b1e" />,
    <rect key="y" y="4.5" width="30" height="9" fill="#ffc400" />,
  ],
  fi: [
    <rect key="w" width="30" height="18" fill="#ffffff" />,
    <rect key="h" y="7" width="30" height="4" fill="#002f6c" />,
    <rect key="v" x="8" width="4" height="18" fill="#002f6c" />,
  ],
  ch: [
    <rect key="r" width="30" height="18" fill="#da291c" />,
    <rect key="h" x="10" y="7.5" width="10" height="3" fill="#ffffff" />,
    <rect key="v" x="13.5" y="4" width="3" height="10" fill="#ffffff" />,
  ],
  gb: [
    <rect key="b" width="30" height="18" fill="#012169" />,
    <path key="d" d="M0 0L30 18M30 0L0 18" stroke="#ffffff" strokeWidth="3.6" />,
    <path key="dr" d="M0 0L30 18M30 0L0 18" stroke="#c8102e" strokeWidth="1.2" />,
    <path key="c" d="M15 0v18M0 9h30" stroke="#ffffff" strokeWidth="6" />,
    <path key="cr" d="M15 0v18M0 9h30" stroke="#c8102e" strokeWidth="3.6" />,
  ],
  us: [
    <rect key="w" width="30" height="18" fill="#ffffff" />,
    ...[0, 2, 4, 6, 8, 10, 12].map((stripe) => (
      <rect key={`s${stripe}`} y={(stripe * 18) / 13} width="30" height={18 / 13} fill="#b22234" />
    )),
    <rect key="c" width="13" height="9.7" fill="#3c3b6e" />,
  ],
  eu: [
    <rect key="b" width="30" height="18" fill="#003399" />,
    ...Array.from({ length: 12 }, (_, star) => {
      const angle = (star / 12) * 2 * Math.PI;
      return (
        <circle
          key={`s${star}`}
          cx={15 + 5.5 * Math.sin(angle)}
          cy={9 - 5.5 * Math.cos(angle)}
          r="0.9"
          fill="#ffcc00"
        />
      );
    }),
  ],
};

export interface FlagIconProps {
  /** ISO 3166-1 alpha-2 code in lower case, or eu. */
  code: string;
}

/** A decorative flag; the country name next to it is the text alternative. Styled by market-picker.css (.ps-flag). */
export function FlagIcon({ code }: FlagIconProps) {
  const flag = FLAGS[code.toLowerCase()];
  return (
    <svg
      viewBox="0 0 30 18"
      width="24"
      height="16"
      className="ps-flag"
      aria-hidden="true"
      focusable="false"
      data-flag={code}
    >
      {flag ?? (
        // Unknown code: a neutral badge with the code, still distinguishable in the list.
        <>
          <rect width="30" height="18" fill="#d5dbe3" />
          <text x="15" y="12.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#0b2545">
            {code.toUpperCase()}
          </text>
        </>
      )}
    </svg>
  );
}
