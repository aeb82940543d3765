import { fold } from './fold';

/**
 * Splits `text` into plain and matched parts for the words of a query, comparing folded text (case and accents
 * ignored) as the search does. Folding can change a string's length ("ß" stays, combining marks go), so matching
 * runs on the folded text only when its length equals the original's; otherwise the text is returned whole.
 */
export function highlightParts(text: string, terms: readonly string[]): { text: string; match: boolean }[] {
  const folded = fold(text);
  const words = terms.map(fold).filter(Boolean);
  if (words.length === 0 || folded.length !== text.length) return [{ text, match: false }];
  const marked = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + word.length))
      marked.fill(true, at, at + word.length);
  }
  const parts: { text: string; match: boolean }[] = [];
  for (let i = 0; i < text.length;) {
    let j = i;
    while (j < text.length && marked[j] === marked[i]) j++;
    parts.push({ text: text.slice(i, j), match: marked[i]! });
    i = j;
  }
  return parts;
}
