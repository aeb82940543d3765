/** What the page can do with the JSON view without knowing Monaco (which stays in the lazy chunk). */
export interface CursorTarget {
  goTo(line: number, column: number): void;
}
