import { memo, type ComponentType } from 'react';
import { ComponentTypes } from './ComponentTypes';
import type { HeaderItemProps } from './types';

export type { HeaderItemProps } from './types';

/**
 * Renders a submenu item with the component registered for its type. Types are checked at
 * compile time, but models can also arrive as JSON (preview, tests); an unknown type then fails
 * loudly with its name instead of rendering nothing.
 * Memoised: a menu that did not change keeps its objects (useSharedStructure in Shell), so it skips the render.
 */
export const HeaderItem = memo(function HeaderItem(props: HeaderItemProps) {
  // Looked up by a runtime string: each entry takes its own type's item, which `satisfies` checks in ComponentTypes.ts.
  const registry = ComponentTypes as Partial<Record<string, ComponentType<HeaderItemProps>>>;
  const Component = registry[props.item.type];
  if (!Component) {
    throw new Error(`No HeaderItem component found for type "${props.item.type}".`);
  }
  return <Component {...props} />;
});
