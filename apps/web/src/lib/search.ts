/**
 * Search as people type: case, accents and extra spaces do not matter, so 'sao jose' finds
 * 'São José' and 'CAFE' finds 'Café'.
 */
export function normalizeSearch(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Items whose fields contain the query; an empty query keeps them all, in order. */
export function filterByText<T>(
  items: readonly T[],
  query: string,
  fields: (item: T) => ReadonlyArray<string | null | undefined>,
): T[] {
  const q = normalizeSearch(query);
  if (!q) return [...items];
  return items.filter((item) => fields(item).some((f) => normalizeSearch(f).includes(q)));
}
