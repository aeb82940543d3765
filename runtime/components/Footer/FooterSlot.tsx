import type { FooterSlots, SlotName } from './footer-slots';

export interface FooterSlotProps {
  slots: FooterSlots;
  name: SlotName;
  /** How the layout dresses this part (footer.css), e.g. a card in v2. */
  className?: string;
}

/** One part of the footer in a layout; renders nothing when the part is absent. */
export function FooterSlot({ slots, name, className }: FooterSlotProps) {
  const content = slots[name];
  if (content === undefined || content === null || content === false) return null;
  return (
    <div data-slot={name} className={className}>
      {content}
    </div>
  );
}
