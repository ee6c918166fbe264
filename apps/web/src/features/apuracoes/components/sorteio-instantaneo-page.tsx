import { Alert, Anchor, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { RegistroSorteio } from '@praca/contract';
import { PageTitle } from '@/components/page-title';
import { ErrorState } from '@/components/query-states';
import { paths } from '@/config/paths';
import { bilhetesUrl, useRegistroSorteio } from '@/lib/api/get-registro-sorteio';
import { formatDateTime, formatNumber } from '@/lib/format';
import { Facts, HashText, Section, simNao, StatusBadge } from './record-parts';

/**
 * /sorteios/instantaneo/{id_registro} (issue 36), public: the record of an instant draw made
 * with the admin's dialog: when, among how many coupons, the masked winner, the seed and the
 * ticket file when it had them, and an annulment with its written reason. A draw made with an
 * opening (issue 49) shows the seed hash published before it next to the seed it revealed.
 */
export function SorteioInstantaneoPage({ idRegistro }: { idRegistro: number }) {
  const query = useRegistroSorteio(idRegistro);
  if (query.isPending && idRegistro > 0) {
    return (
      <Stack gap="md" role="status">
        <VisuallyHidden>Carregando sorteio…</VisuallyHidden>
        <Skeleton h={40} w="60%" />
        <Skeleton h={200} radius="md" />
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Stack gap="md">
        <PageTitle>Sorteio instantâneo</PageTitle>
        <ErrorState
          title="Não foi possível carregar o sorteio."
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
        <BackLink />
      </Stack>
    );
  }
  return <Registro registro={query.data} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={paths.sorteios} size="sm">
      Ver todos os sorteios
    </Anchor>
  );
}

function Registro({ registro: r }: { registro: RegistroSorteio }) {
  const arquivo = bilhetesUrl(r.bilhetes);
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <PageTitle>Sorteio instantâneo</PageTitle>
        <StatusBadge status="realizado" />
      </Group>
      <BackLink />
      {r.anulado ? (
        <Alert color="red.9" variant="light" title="Anulado" role="note">
          <Stack gap={2}>
            {r.anulado_em ? <Text size="sm">Em {formatDateTime(r.anulado_em)}.</Text> : null}
            <Text size="sm">Motivo: {r.motivo_anulacao ?? 'não informado'}</Text>
          </Stack>
        </Alert>
      ) : null}
      <Section title="Dados do sorteio">
        <Facts
          items={[
            ['Campanha', r.den_campanha],
            ['Realizado em', formatDateTime(r.realizado_em)],
            ['Cupons elegíveis', formatNumber(r.qtd_elegiveis)],
            ['Mais de um prêmio por loja', simNao(r.mloja)],
            ['Mais de um prêmio por participante', simNao(r.musuario)],
          ]}
        />
      </Section>
      <Section title="Contemplado">
        <Facts
          items={[
            [
              'Cupom sorteado',
              <Text span ff="monospace" fw={700} td={r.anulado ? 'line-through' : undefined} key="c">
                {r.codigo}
              </Text>,
            ],
            ['Participante', r.participante],
            ['Estabelecimento', r.nom_estabelecimento],
          ]}
        />
      </Section>
      {r.semente || r.hash_lista || arquivo ? (
        <Section title="Para conferir">
          {r.hash_semente ? (
            <HashText label="Hash da semente (SHA-256, publicado antes do sorteio)" value={r.hash_semente} />
          ) : null}
          {r.semente ? (
            <Facts
              items={[
                [
                  r.hash_semente ? 'Semente revelada' : 'Semente pública',
                  <Text span ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }} key="s">
                    {r.semente}
                  </Text>,
                ],
                ['Posição sorteada na lista (a partir de 0)', formatNumber(r.posicao)],
              ]}
            />
          ) : null}
          {r.hash_semente ? (
            <Text size="sm" c="dimmed">
              Confira: o SHA-256 da semente revelada é o hash publicado antes do sorteio, e a semente com o
              hash do arquivo de bilhetes dá a posição sorteada (npm run verify-draw).
            </Text>
          ) : null}
          {r.hash_lista ? (
            <HashText label="Hash da lista de bilhetes (SHA-256)" value={r.hash_lista} />
          ) : null}
          {arquivo ? (
            <Group>
              <Anchor href={arquivo} download={`sorteio-${r.id_registro}-bilhetes.csv`}>
                Baixar arquivo de bilhetes
              </Anchor>
            </Group>
          ) : null}
        </Section>
      ) : (
        <Text size="sm" c="dimmed">
          Este sorteio foi feito sem semente pública, por isso não tem arquivo de bilhetes para conferir.
        </Text>
      )}
    </Stack>
  );
}
