import type { ReactNode } from 'react';
import { useDesign } from './DesignContext';
import styles from './page-container.module.css';

export interface PageContainerProps {
  /** Overrides the width from the shell model, e.g. the 1440 px content blocks. */
  maxWidthPx?: number;
  children?: ReactNode;
}

/**
 * The width-limited, centred container used by header, footer and page content. A plain element with
 * static classes: it renders again with every header render, and a style prop would be resolved each time.
 */
export function PageContainer({ maxWidthPx, children }: PageContainerProps) {
  const { design, containerMaxWidth } = useDesign();
  return (
    <div className={design === 'v1' ? styles.container : `${styles.container} ${styles.v2}`} style={{ maxWidth: `${maxWidthPx ?? containerMaxWidth}px` }} data-design={design}>
      {children}
    </div>
  );
}
