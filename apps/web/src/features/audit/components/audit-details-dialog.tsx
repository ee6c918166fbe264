import { useState, type ReactNode } from 'react';
import { Badge, Box, Code, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuditoriaItem } from '@praca/contract';
import { ScrollTable } from '@/components/scroll-table';
import { formatDateTime } from '@/lib/format';
import {
  actionLabel,
  changesOf,
  entityLabel,
  listLabel,
  recordLabel,
  valueText,
  type FieldChange,
} from './audit-values';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** A recorded value: '—' for none, '(vazio)' for an empty text, lists and objects as JSON. */
function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined) {
    return (
      <Text component="span" c="dimmed" aria-label="sem valor">
        —
      </Text>
    );
  }
  if (value === '') {
    return (
      <Text component="span" c="dimmed" fs="italic">
        (vazio)
      </Text>
    );
  }
  if (typeof value === 'object') {
    return (
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {JSON.stringify(value, null, 2)}
      </Code>
    );
  }
  return <span style={{ overflowWrap: 'anywhere' }}>{valueText(value)}</span>;
}

function FieldsTable({
  fields,
  hasBefore,
  hasAfter,
}: {
  fields: FieldChange[];
  hasBefore: boolean;
  hasAfter: boolean;
}) {
  return (
    <ScrollTable label="Valores antes e depois" minWidth={320}>
      <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Campo</Table.Th>
            {hasBefore ? <Table.Th scope="col">Antes</Table.Th> : null}
            {hasAfter ? <Table.Th scope="col">Depois</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.campo} bg={f.alterado ? 'yellow.0' : undefined}>
              <Table.Th scope="row" fw={f.alterado ? 700 : 400} style={{ overflowWrap: 'anywhere' }}>
                {f.campo}
                {f.alterado ? (
                  <Badge ml={6} size="xs" color="praca" variant="filled">
                    alterado
                  </Badge>
                ) : null}
              </Table.Th>
              {hasBefore ? (
                <Table.Td>
                  <Value
                    value={f.campo === 'lista' && typeof f.antes === 'string' ? listLabel(f.antes) : f.antes}
                  />
                </Table.Td>
              ) : null}
              {hasAfter ? (
                <Table.Td>
                  <Value
                    value={
                      f.campo === 'lista' && typeof f.depois === 'string' ? listLabel(f.depois) : f.depois
                    }
                  />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function Changes({ item }: { item: AuditoriaItem }) {
  const changes = changesOf(item.antes, item.depois);
  if (changes.kind === 'none') {
    return <Text c="dimmed">Nenhum valor registrado.</Text>;
  }
  if (changes.kind === 'values') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Stack gap={4}>
          <Title order={4} size="h5">
            Antes
          </Title>
          <Value value={item.antes} />
        </Stack>
        <Stack gap={4}>
          <Title order={4} size="h5">
            Depois
          </Title>
          <Value value={item.depois} />
        </Stack>
      </SimpleGrid>
    );
  }
  const changed = changes.fields.filter((f) => f.alterado).length;
  let summary: string;
  if (!changes.hasBefore) summary = 'Valores gravados (não havia valores antes).';
  else if (!changes.hasAfter) summary = 'Valores que havia antes (nada depois).';
  else if (changed === 0) summary = 'Nenhum campo mudou.';
  else
    summary =
      changed === 1
        ? '1 campo alterado, destacado no topo.'
        : `${changed} campos alterados, destacados no topo.`;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {summary}
      </Text>
      <FieldsTable fields={changes.fields} hasBefore={changes.hasBefore} hasAfter={changes.hasAfter} />
    </Stack>
  );
}

/**
 * One audit entry: who, when, what, and its values before and after, field by field. It stays
 * mounted while closed (`item` null), so the focus goes back to the row's button.
 */
export function AuditDetailsDialog({ item, onClose }: { item: AuditoriaItem | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 35.99em)', false, { getInitialValueInEffect: false });
  // The last entry shown stays in place while the dialog closes.
  const [shown, setShown] = useState<AuditoriaItem | null>(item);
  if (item && item !== shown) setShown(item);
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={shown ? `Registro de auditoria ${shown.id}` : ''}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {shown ? (
        <Stack gap="md">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
            <Fact term="Data">{formatDateTime(shown.criado_em)}</Fact>
            <Fact term="Usuário">
              {shown.nome_usuario}
              {shown.email_usuario ? (
                <Text component="span" display="block" size="sm" fw={400} c="dimmed">
                  {shown.email_usuario}
                </Text>
              ) : null}
            </Fact>
            <Fact term="Ação">{actionLabel(shown.acao)}</Fact>
            <Fact term="Entidade">{entityLabel(shown.entidade)}</Fact>
            <Fact term="Registro">{recordLabel(shown)}</Fact>
            {shown.ip ? <Fact term="IP">{shown.ip}</Fact> : null}
          </SimpleGrid>
          <Title order={3} size="h4">
            Antes e depois
          </Title>
          <Changes item={shown} />
        </Stack>
      ) : null}
    </Modal>
  );
}
