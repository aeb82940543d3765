/** The small "New"-style label an item may carry (config `tag`). */
export function ItemTag({ children }: { children: string }) {
  return <span className="ps-item-tag">{children}</span>;
}
