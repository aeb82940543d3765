/** Lower case without accents: "Kündigungsgeld" and "kundigungsgeld" compare equal. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
