import { Badge, Group, Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { EntidadePublica } from '@praca/contract';
import { imageUrl } from '@/config/env';
import { formatDate, formatNumber } from '@/lib/format';

/**
 * One social entity as the public sees it (issue 40): its logo, who, the cause, coupons per
 * campaign, prizes. Also the entity's own page (/meu/entidade).
 */
export function EntidadeCard({
  entidade,
  titulo = 'h2',
}: {
  entidade: EntidadePublica;
  titulo?: 'h1' | 'h2' | 'h3';
}) {
  const order = titulo === 'h1' ? 1 : titulo === 'h2' ? 2 : 3;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={entidade.nome}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <EntidadeLogo entidade={entidade} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={order} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {entidade.nome}
            </Title>
            <Text size="sm">{entidade.causa}</Text>
            <EntidadeIdentificacao entidade={entidade} />
          </Stack>
        </Group>
        <Group gap="xs">
          <Badge variant="light" size="lg">
            {formatNumber(entidade.cupons)} {entidade.cupons === 1 ? 'cupom recebido' : 'cupons recebidos'}
          </Badge>
          {entidade.premios.length > 0 ? (
            <Badge color="green.9" variant="light" size="lg">
              {entidade.premios.length} {entidade.premios.length === 1 ? 'prêmio' : 'prêmios'}
            </Badge>
          ) : null}
        </Group>
        {entidade.campanhas.length > 0 ? (
          <Table.ScrollContainer minWidth={260}>
            <Table striped withTableBorder>
              <Table.Caption>Cupons recebidos por campanha</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Campanha</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Cupons
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entidade.campanhas.map((c) => (
                  <Table.Tr key={c.id_campanha}>
                    <Table.Td>{c.den_campanha}</Table.Td>
                    <Table.Td ta="right">{formatNumber(c.cupons)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            Ainda não recebeu cupons.
          </Text>
        )}
        {entidade.premios.length > 0 ? (
          <Stack gap={4}>
            <Text fw={600}>Prêmios ganhos</Text>
            {entidade.premios.map((p, i) => (
              <Text size="sm" key={`${p.id_campanha}-${p.data_sorteio}-${i}`}>
                {p.den_campanha}: sorteio de {formatDate(p.data_sorteio)}
                {p.premio ? ` (${p.premio}º prêmio)` : ''}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** An entity's logo beside its name (nothing without one), on the public and the admin cards. */
export function EntidadeLogo({ entidade }: { entidade: { nome: string; logo: string } }) {
  if (!entidade.logo) return null;
  return (
    <Image
      src={imageUrl(entidade.logo)}
      alt={`Logotipo de ${entidade.nome}`}
      w={56}
      h={56}
      radius="sm"
      fit="contain"
      style={{ flexShrink: 0 }}
    />
  );
}

/**
 * The entity's CNPJ and contact, dimmed. Each is a block of its own within the line: on a
 * 360 px phone a short one moves whole to the next line instead of breaking at its hyphen
 * ("(13) 99999-" / "0000"); a long contact still wraps inside its block.
 */
export function EntidadeIdentificacao({ entidade }: { entidade: { cnpj: string; contato: string } }) {
  return (
    <Text size="sm" c="dimmed">
      <span style={WHOLE}>CNPJ {entidade.cnpj}</span>
      {entidade.contato ? (
        <>
          {' · '}
          <span style={WHOLE}>{entidade.contato}</span>
        </>
      ) : null}
    </Text>
  );
}

const WHOLE = { display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' } as const;
