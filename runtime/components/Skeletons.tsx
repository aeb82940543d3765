export interface HeaderSkeletonProps {
  /** strings.header.loading, announced once to screen readers. */
  label: string;
}

const block = (element: string) => `ps-header-skeleton__block ps-header-skeleton__${element}`;

/**
 * Stands in for the navigation (4 columns) and the avatar while private header data loads.
 * It sits inside the fixed-height header bar and reserves the avatar's exact size, so swapping in
 * the real content moves nothing (CLS ≈ 0). Styled by skeletons.css.
 */
export function HeaderSkeleton({ label }: HeaderSkeletonProps) {
  return (
    <div className="ps-header-skeleton" role="status" aria-busy="true" data-testid="header-skeleton">
      <span className="ps-sr-only">{label}</span>
      <div className="ps-header-skeleton__columns" data-testid="header-skeleton-columns">
        {[0, 1, 2, 3].map((column) => (
          <div key={column} className={block('column')} aria-hidden="true" />
        ))}
      </div>
      <div className="ps-header-skeleton__spacer" />
      <div className={block('avatar')} aria-hidden="true" />
      <div className={block('menu-button')} aria-hidden="true" />
    </div>
  );
}
