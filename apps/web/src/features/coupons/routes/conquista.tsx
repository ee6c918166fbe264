import { useState } from 'react';
import {
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import type { SaldoCampanha } from '@praca/contract';
import { AppCarousel } from '@/components/carousel/app-carousel';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { paths } from '@/config/paths';
import { formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { DoacaoPanel } from '../components/doacao-panel';
import { EntidadeEscolhidaPanel } from '../components/entidade-escolhida-panel';
import { useCupons } from '../api/get-cupons';
import { CouponCard } from '../components/coupon-card';
import { CouponProgress } from '../components/coupon-progress';

/** Coupon carousel (spec §9): 1 item under 768 px, 2 from 768, 3 from 1024, 4 from 1920. */
const COUPON_SLIDES = { base: 1, from: { 768: 2, 1024: 3, 1920: 4 } };
/** Cards in the carousel; the list above shows every code. */
const CAROUSEL_MAX = 50;

/** 'Minhas conquistas' (spec §2 Consumer achievements). */
export function Component() {
  const session = useSession();
  const query = useCupons(session?.cod_cidade ?? 0);
  const [index, setIndex] = useState(0);

  let content;
  if (query.isPending && (session?.cod_cidade ?? 0) > 0) {
    content = (
      <Stack gap="sm" role="status">
        <VisuallyHidden>Carregando suas conquistas…</VisuallyHidden>
        <Skeleton h={80} />
        <Skeleton h={30} />
        <Skeleton h={200} />
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar seus cupons."
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    const campanhas = query.data ?? [];
    const atual = campanhas[Math.min(index, campanhas.length - 1)] ?? null;
    content = (
      <Stack gap="lg">
        {campanhas.length > 1 ? (
          <Select
            label="Campanha"
            data={campanhas.map((c, i) => ({ value: String(i), label: c.den_campanha }))}
            value={String(Math.min(index, campanhas.length - 1))}
            onChange={(v) => setIndex(Number(v ?? 0))}
            allowDeselect={false}
            maw={{ sm: 360 }}
          />
        ) : null}
        <Achievements saldo={atual} />
        {atual && session ? (
          <DoacaoPanel idCampanha={atual.id_campanha} codCidade={session.cod_cidade} />
        ) : null}
        {session ? <EntidadeEscolhidaPanel codCidade={session.cod_cidade} /> : null}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle>Minhas conquistas</PageTitle>
      <Text size="lg">Olá, {session?.nome || 'participante'}!</Text>
      {content}
    </Stack>
  );
}

function Achievements({ saldo }: { saldo: SaldoCampanha | null }) {
  const cupons = saldo?.cupons ?? [];
  const claimLink = (
    <Button component={Link} to={paths.meu.resgatar} variant="outline">
      Resgatar venda por QR Code
    </Button>
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={2} spacing="sm">
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            Cupons
          </Text>
          <Text fz={28} fw={700} data-testid="numero-cupons">
            {cupons.length}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            Saldo em pontos
          </Text>
          <Text fz={28} fw={700} data-testid="saldo-pontos">
            {formatNumber(saldo?.pontos ?? 0, 2)}
          </Text>
        </Paper>
      </SimpleGrid>
      <CouponProgress saldo={saldo?.saldo ?? 0} />
      <Group>{claimLink}</Group>

      {cupons.length === 0 ? (
        <EmptyState illustration="cupom">
          Você ainda não tem cupons. Peça ao estabelecimento participante para registrar sua compra ou resgate
          a venda pelo QR Code.
        </EmptyState>
      ) : (
        <>
          <Stack gap="xs">
            <Title order={2} fz="h3">
              Meus cupons
            </Title>
            <List
              aria-label="Números dos cupons"
              listStyleType="none"
              spacing={0}
              styles={{ root: { display: 'flex', flexWrap: 'wrap', gap: 8, paddingLeft: 0 } }}
            >
              {cupons.map((c) => (
                <List.Item key={`${c.id_campanha}-${c.id_sorteio}`}>
                  <Text ff="monospace" fw={600} px="sm" py={4} bg="praca.0" style={{ borderRadius: 6 }}>
                    {c.codigo}
                    {/* Issue 51: a coupon that goes to an entity says so. */}
                    {c.doado_para ? (
                      <Text component="span" ff="text" fw={400} size="sm" c="dimmed">
                        {' '}
                        · Doado para {c.doado_para}
                      </Text>
                    ) : null}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="h3">
              Cartões dos cupons
            </Title>
            {cupons.length > CAROUSEL_MAX ? (
              <Text size="sm" c="dimmed">
                Mostrando os {CAROUSEL_MAX} cupons mais recentes.
              </Text>
            ) : null}
            <AppCarousel label="Cartões dos cupons" perView={COUPON_SLIDES} autoplay={false}>
              {cupons.slice(-CAROUSEL_MAX).map((c) => (
                <CouponCard key={`${c.id_campanha}-${c.id_sorteio}`} cupom={c} />
              ))}
            </AppCarousel>
          </Stack>
        </>
      )}
    </Stack>
  );
}
