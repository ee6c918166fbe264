import { useEffect, useRef, useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { AdminListStates } from '@/components/admin-list/admin-list';
import { PageTitle } from '@/components/page-title';
import { useEstabelecimentosParceiro } from '../api/get-estabelecimentos-parceiro';
import { PartnerShopCard } from './partner-shop-card';
import { PartnerShopEditor } from './partner-shop-editor';

/**
 * /parceiro/estabelecimento (issue 35): the partner's own shops as cards, and the form of the
 * one being edited (the first until another's 'Editar' is pressed, which also moves the focus
 * to its form).
 */
export function PartnerShopScreen() {
  const shops = useEstabelecimentosParceiro();
  const [chosen, setChosen] = useState<number | null>(null);
  const [focusEditor, setFocusEditor] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = shops.data ?? [];
  const current = list.find((s) => s.id_estabelecimento === chosen) ?? list[0];

  // After 'Editar', the form's heading takes the focus (and the view), on the new form.
  useEffect(() => {
    if (focusEditor === 0) return;
    heading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, [focusEditor]);

  const body = (
    <AdminListStates
      query={shops}
      noun={{ article: 'os', plural: 'seus estabelecimentos' }}
      errorTitle="Não foi possível carregar seus estabelecimentos."
      skeletons={2}
      skeletonHeight={180}
      isEmpty={() => !current}
      empty="Nenhum estabelecimento está ligado ao seu usuário. Peça ao administrador da sua cidade para ligar a sua loja."
    >
      {() =>
        current ? (
          <>
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="md"
              p={0}
              m={0}
              aria-label="Seus estabelecimentos"
            >
              {list.map((s) => (
                <PartnerShopCard
                  key={s.id_estabelecimento}
                  shop={s}
                  editing={s.id_estabelecimento === current.id_estabelecimento}
                  onEdit={() => {
                    setChosen(s.id_estabelecimento);
                    setFocusEditor((n) => n + 1);
                  }}
                />
              ))}
            </SimpleGrid>
            <PartnerShopEditor key={current.id_estabelecimento} shop={current} headingRef={heading} />
          </>
        ) : null
      }
    </AdminListStates>
  );

  return (
    <Stack gap="lg">
      <PageTitle>Estabelecimento</PageTitle>
      {body}
    </Stack>
  );
}
