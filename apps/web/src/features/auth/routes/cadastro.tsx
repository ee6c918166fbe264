import { Stack, Text } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { RegistrationForm } from '../components/registration-form';

/** /cadastro: registration (spec §2). */
export function Component() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle>Novo cadastro</PageTitle>
        <Text c="dimmed">
          Cadastre-se para juntar pontos e concorrer nos sorteios do comércio da sua cidade.
        </Text>
        <Text c="dimmed" size="sm">
          Nome, e-mail, senha e cidade são obrigatórios.
        </Text>
      </Stack>
      <RegistrationForm />
    </Stack>
  );
}
