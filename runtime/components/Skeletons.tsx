import srOnly from './shared/visually-hidden.module.css';
import styles from './skeletons.module.css';

/** The theme's pulse keyframes are global; a CSS module would rename the name it refers to (see slide-down.ts). */
const PULSE = { animation: 'pulse 1.6s ease-in-out infinite' } as const;

/** A grey placeholder block that pulses (and stays still for people who asked for reduced motion). */
function SkeletonBlock({ className }: { className: string | undefined }) {
  return <div className={`${styles.block} ${className ?? ''}`} style={PULSE} aria-hidden="true" />;
}

export interface HeaderSkeletonProps {
  /** strings.header.loading, announced once to screen readers. */
  label: string;
}

/**
 * Stands in for the navigation (4 columns) and the avatar while private header data loads.
 * It sits inside the fixed-height header bar and reserves the avatar's exact size, so swapping in
 * the real content moves nothing (CLS ≈ 0).
 */
export function HeaderSkeleton({ label }: HeaderSkeletonProps) {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" data-testid="header-skeleton">
      <span className={srOnly.srOnly}>{label}</span>
      <div className={styles.columns} data-testid="header-skeleton-columns">
        {[0, 1, 2, 3].map((column) => (
          <SkeletonBlock key={column} className={styles.column} />
        ))}
      </div>
      <div className={styles.spacer} />
      <SkeletonBlock className={styles.avatar} />
      <SkeletonBlock className={styles.menuButton} />
    </div>
  );
}
