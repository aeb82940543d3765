import type { HeaderItemProps } from './types';

export type TextHeaderItemProps = HeaderItemProps<'text'>;

/** Information without a target, e.g. a deposit-protection note at the bottom of a dropdown. */
export function TextHeaderItem({ item }: TextHeaderItemProps) {
  return (
    <div className="ps-menu-text">
      <span className="ps-menu-item__title">{item.title}</span>
      {item.description && <span className="ps-menu-item__description">{item.description}</span>}
    </div>
  );
}
