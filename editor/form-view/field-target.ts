/** What the page can do with the form view without loading it (it is a lazy chunk): move focus to a field. */
export interface FieldTarget {
  /** Opens the groups on the way and focuses the field at `pointer` (or its nearest shown ancestor). */
  goTo(pointer: string): void;
}
