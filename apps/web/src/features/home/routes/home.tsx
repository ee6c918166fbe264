import { Suspense, useCallback, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { CampaignsSection } from '../components/campaigns-section';
import { ClaimCard } from '../components/claim-card';
import { LazyWinnersSection } from '../components/lazy-parts';
import { NoticesModal, noticesViewer } from '../components/notices-modal';
import { ShopsSection } from '../components/shops-section';

/**
 * Home (spec §2 "Home"): the greeting, the way to claim a purchase by its QR code (issue 35),
 * the shops, campaigns and winners carousels of the consumer's city, and the notices popup.
 */
export function Component() {
  const session = useSession();
  const nome = session?.nome.trim() || 'visitante';
  const codCidade = session?.cod_cidade ?? 0;
  // The shops list (the city's whole list, the home's biggest answer) waits for the notices
  // popup, which covers the page when it opens: its code and list come first (decision 020).
  const [noticesSettled, setNoticesSettled] = useState(false);
  const settle = useCallback(() => setNoticesSettled(true), []);
  return (
    <Stack gap="xl">
      <PageTitle documentTitle="Início">
        <Button
          component={Link}
          to={paths.meu.conquista}
          size="lg"
          variant="light"
          styles={{ label: { whiteSpace: 'normal' } }}
        >
          {`Olá ${nome} >`}
        </Button>
      </PageTitle>
      {codCidade > 0 ? (
        <>
          <ClaimCard />
          <ShopsSection codCidade={codCidade} enabled={noticesSettled} />
          <CampaignsSection codCidade={codCidade} />
          <Suspense fallback={null}>
            <LazyWinnersSection codCidade={codCidade} />
          </Suspense>
          <NoticesModal
            codCidade={codCidade}
            viewer={noticesViewer(session?.id_usuario ?? 0, session?.token ?? '')}
            onSettled={settle}
          />
        </>
      ) : (
        <EmptyState>
          Sua conta ainda não tem uma cidade. Os estabelecimentos aparecem depois de escolhê-la.
        </EmptyState>
      )}
    </Stack>
  );
}
