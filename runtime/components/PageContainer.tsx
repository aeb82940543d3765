import type { ReactNode } from 'react';
import { useDesign } from './DesignContext';

export interface PageContainerProps {
  /** Overrides the width from the shell model, e.g. the 1440 px content blocks. */
  maxWidthPx?: number;
  children?: ReactNode;
}

/**
 * The width-limited, centred container used by header, footer and page content (page-container.css). The width is
 * an inline style because it comes from the model (docs/rules.md#design-versions).
 */
export function PageContainer({ maxWidthPx, children }: PageContainerProps) {
  const { design, containerMaxWidth } = useDesign();
  return (
    <div
      className={design === 'v1' ? 'ps-page-container' : 'ps-page-container ps-page-container--v2'}
      style={{ maxWidth: `${maxWidthPx ?? containerMaxWidth}px` }}
      data-design={design}
    >
      {children}
    </div>
  );
}
