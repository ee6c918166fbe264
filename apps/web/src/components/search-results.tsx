import type { ReactNode } from 'react';
import { Box, Text } from '@mantine/core';
import { EmptyState } from './query-states';

const grid = {
  listStyle: 'none',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  gap: 'var(--mantine-spacing-md)',
} as const;

interface SearchResultsProps<T> {
  /** What the filter left. */
  items: T[];
  /** The live count a screen reader hears, e.g. '3 sorteados'. */
  count: (n: number) => string;
  /** Shown when the filter leaves nothing, e.g. 'Nenhum sorteado encontrado'. */
  notFound: string;
  /** The list's accessible name. */
  label: string;
  getKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
}

/** A filtered list of cards with its live count ('role=status') or its not-found message. */
export function SearchResults<T>({
  items,
  count,
  notFound,
  label,
  getKey,
  renderItem,
}: SearchResultsProps<T>) {
  return (
    <>
      <Box role="status">
        {items.length === 0 ? (
          <EmptyState illustration="lupa">{notFound}</EmptyState>
        ) : (
          <Text size="sm" c="dimmed">
            {count(items.length)}
          </Text>
        )}
      </Box>
      {items.length > 0 ? (
        <Box component="ul" aria-label={label} p={0} m={0} style={grid}>
          {items.map((item) => (
            <li key={getKey(item)}>{renderItem(item)}</li>
          ))}
        </Box>
      ) : null}
    </>
  );
}
