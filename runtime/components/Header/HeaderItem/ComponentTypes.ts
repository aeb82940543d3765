import type { ComponentType } from 'react';
import type { ResolvedMenuItem } from '../../../resolver';
import { AdvancedHeaderItem } from './AdvancedHeaderItem';
import { ArrowHeaderItem } from './ArrowHeaderItem';
import { BasicHeaderItem } from './BasicHeaderItem';
import { ImageHeaderItem } from './ImageHeaderItem';
import { TextHeaderItem } from './TextHeaderItem';
import type { HeaderItemProps } from './types';

/**
 * One component per submenu item type (Docusaurus's NavbarItem/ComponentTypes pattern).
 * `satisfies` makes the compiler fail when the schema gains a type that has no component here.
 */
export const ComponentTypes = {
  basic: BasicHeaderItem,
  advanced: AdvancedHeaderItem,
  text: TextHeaderItem,
  image: ImageHeaderItem,
  arrow: ArrowHeaderItem,
} satisfies { [T in ResolvedMenuItem['type']]: ComponentType<HeaderItemProps<T>> };
