import { useId } from 'react';

export interface StarRatingProps {
  /** 0–5 in half steps (already rounded by the resolver). */
  stars: number;
  size?: string;
}

const STAR = 'M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z';

/**
 * Five stars, each full, half or empty. Decorative: the sentence next to it carries the score,
 * so screen readers do not hear the rating twice. Laid out by star-rating.css.
 */
export function StarRating({ stars, size = '20px' }: StarRatingProps) {
  const clipId = `ps-half-${useId().replace(/:/g, '')}`;
  const clamped = Math.max(0, Math.min(5, Math.round(stars * 2) / 2));
  return (
    <span className="ps-star-rating" aria-hidden="true" data-stars={clamped}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = clamped >= position ? 'full' : clamped >= position - 0.5 ? 'half' : 'empty';
        return (
          <svg key={position} viewBox="0 0 24 24" width={size} height={size} data-fill={fill}>
            {fill === 'half' && (
              <defs>
                <clipPath id={clipId}>
                  <rect x="0" y="0" width="12" height="24" />
                </clipPath>
              </defs>
            )}
            <path d={STAR} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
            {fill !== 'empty' && (
              <path d={STAR} fill="currentColor" clipPath={fill === 'half' ? `url(#${clipId})` : undefined} />
            )}
          </svg>
        );
      })}
    </span>
  );
}
