import { createContext, useContext, type ReactNode } from 'react';
import type { ShellModel } from '../resolver';

export interface DesignSettings {
  design: ShellModel['design'];
  /** Container max width in px (docs/rules.md#design-versions: 1272 before login, 1200 after, 1320 v1). */
  containerMaxWidth: number;
}

/** Defaults match a logged-out v2 page, so a container rendered outside the Shell still looks right. */
const DesignContext = createContext<DesignSettings>({ design: 'v2', containerMaxWidth: 1272 });

export function DesignProvider({ value, children }: { value: DesignSettings; children: ReactNode }) {
  return <DesignContext.Provider value={value}>{children}</DesignContext.Provider>;
}

export function useDesign(): DesignSettings {
  return useContext(DesignContext);
}

/** Some wrappers exist only in the newer design and render nothing at all in v1 (docs/rules.md#design-versions). */
export function V2Only({ children }: { children: ReactNode }) {
  return useDesign().design === 'v2' ? <>{children}</> : null;
}
