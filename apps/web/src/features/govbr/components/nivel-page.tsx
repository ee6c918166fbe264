import { Anchor, List, Stack, Text } from '@mantine/core';
import { GOVBR_MSG } from '@praca/contract/plain';
import { PageTitle } from '@/components/page-title';
import { GovbrLinks } from './govbr-links';

/** /govbr/nivel (issue 52): the gov.br account is below the level the programme asks for. */
export function NivelPage() {
  return (
    <Stack gap="md" align="flex-start" maw={640}>
      <PageTitle documentTitle="Nível da conta gov.br">Sua conta gov.br precisa ser prata ou ouro</PageTitle>
      <Text>{GOVBR_MSG.nivelInsuficiente}</Text>
      <Text fw={600}>Como aumentar o nível da sua conta gov.br:</Text>
      <List spacing="xs">
        <List.Item>No aplicativo gov.br, faça a validação facial (reconhecimento do rosto).</List.Item>
        <List.Item>Ou valide seus dados pelo internet banking de um banco credenciado.</List.Item>
        <List.Item>Ou use um certificado digital.</List.Item>
      </List>
      <Text>
        Veja o passo a passo em{' '}
        <Anchor href="https://www.gov.br/governodigital/pt-br/identidade/conta-gov-br/niveis-da-conta-govbr">
          Níveis da conta gov.br
        </Anchor>
        . Depois, entre com gov.br de novo.
      </Text>
      <GovbrLinks />
    </Stack>
  );
}
