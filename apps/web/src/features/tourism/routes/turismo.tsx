import { useState } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { TOURISM_TYPES } from '@praca/contract/plain';
import { PageTitle } from '@/components/page-title';
import { EmptyState } from '@/components/query-states';
import { useSession } from '@/lib/session';
import { TourismList } from '../components/tourism-list';

/**
 * /turismo (spec §2, issue 7): the city's tourism guide in five tabs (Locais, Hoteis,
 * Alimentação, Eventos, Uteis = tipo 0–4), each loaded when it is opened.
 */
export function Component() {
  const session = useSession();
  const codCidade = session?.cod_cidade ?? 0;
  const [tab, setTab] = useState('0');

  return (
    <Stack gap="md">
      <PageTitle>Turismo</PageTitle>
      {codCidade <= 0 ? (
        <EmptyState>Sua conta ainda não tem uma cidade.</EmptyState>
      ) : (
        <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
          {/* One row of tabs at 360 px (tighter on phones); a wider text scrolls the row, it never wraps. */}
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'thin' }} mb="md">
            {TOURISM_TYPES.map((nome, i) => (
              <Tabs.Tab key={nome} value={String(i)} px={{ base: 6, xs: 'md' }}>
                {nome}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TOURISM_TYPES.map((nome, i) => (
            <Tabs.Panel key={nome} value={String(i)}>
              <TourismList codCidade={codCidade} tipo={i} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
