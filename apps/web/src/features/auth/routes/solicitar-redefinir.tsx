import { Paper, Stack, Text } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { ResetRequestForm } from '../components/reset-request-form';

/** /solicitaredefinir: ask for a password reset link by e-mail (spec §2, §4). */
export function Component() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <Stack gap="md">
        <PageTitle>Esqueceu a senha?</PageTitle>
        <Text c="dimmed">
          Informe o e-mail do seu cadastro e enviaremos um link para você criar uma nova senha.
        </Text>
        <ResetRequestForm />
      </Stack>
    </Paper>
  );
}
