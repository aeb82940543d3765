import { ShellLink } from '../../shared/ShellLink';
import type { HeaderItemProps } from './types';

export type ImageHeaderItemProps = HeaderItemProps<'image'>;

/** A teaser card: image above title and description, linked when the item has a target. */
export function ImageHeaderItem({ item }: ImageHeaderItemProps) {
  const content = (
    <span className="ps-menu-item__text">
      {item.imageUrl && (
        // Decorative: the title next to it already names the teaser. Fixed ratio avoids layout shift.
        <img src={item.imageUrl} alt="" width="240" height="120" className="ps-menu-item__image" loading="lazy" />
      )}
      <span className="ps-menu-item__title ps-menu-item__title--teaser">{item.title}</span>
      {item.description && <span className="ps-menu-item__description">{item.description}</span>}
    </span>
  );
  if (!item.link) return <div className="ps-menu-text">{content}</div>;
  return (
    <ShellLink link={item.link} className="ps-menu-item">
      {content}
    </ShellLink>
  );
}
