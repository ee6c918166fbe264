import { Button, Group, Text } from '@mantine/core';

interface PagerProps {
  /** 1-based. */
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What the pages hold, for the navigation's name, e.g. 'avaliações'. */
  label: string;
}

/**
 * The pager of spec §9: numbered buttons when there are fewer than 5 pages, otherwise
 * Primeira, Anterior, Próxima, Última around 'Página x de y'. Nothing when one page fits all.
 */
export function Pager({ page, total, pageSize, onChange, label }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const current = Math.min(Math.max(page, 1), pages);
  return (
    <Group component="nav" aria-label={`Páginas de ${label}`} gap="xs" justify="center" wrap="wrap">
      {pages < 5 ? (
        Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <Button
            key={n}
            size="xs"
            variant={n === current ? 'filled' : 'default'}
            aria-current={n === current ? 'page' : undefined}
            aria-label={`Página ${n}`}
            onClick={() => onChange(n)}
          >
            {n}
          </Button>
        ))
      ) : (
        <>
          <Button size="xs" variant="default" disabled={current === 1} onClick={() => onChange(1)}>
            Primeira
          </Button>
          <Button size="xs" variant="default" disabled={current === 1} onClick={() => onChange(current - 1)}>
            Anterior
          </Button>
          <Text size="sm" aria-live="polite">
            Página {current} de {pages}
          </Text>
          <Button
            size="xs"
            variant="default"
            disabled={current === pages}
            onClick={() => onChange(current + 1)}
          >
            Próxima
          </Button>
          <Button size="xs" variant="default" disabled={current === pages} onClick={() => onChange(pages)}>
            Última
          </Button>
        </>
      )}
    </Group>
  );
}
