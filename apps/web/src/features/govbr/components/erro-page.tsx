import { Stack, Text } from '@mantine/core';
import { GOVBR_MSG } from '@praca/contract/plain';
import { PageTitle } from '@/components/page-title';
import { GovbrLinks } from './govbr-links';

/** /govbr/erro (issue 52): the callback was refused (expired, replayed, another browser…). */
export function ErroPage() {
  return (
    <Stack gap="md" align="flex-start" maw={640}>
      <PageTitle documentTitle="Erro no gov.br">Não foi possível entrar com gov.br</PageTitle>
      <Text>{GOVBR_MSG.fluxoInvalido}</Text>
      <GovbrLinks />
    </Stack>
  );
}
