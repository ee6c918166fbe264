import { Button, Group, Stack, Text } from '@mantine/core';
import { MSG } from '@praca/contract/plain';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';

/** Public page showing 'Erro 401' (spec §2). */
export function Component() {
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle>{MSG.erro401}</PageTitle>
      <Text>Você não tem permissão para acessar esta página ou sua sessão expirou.</Text>
      <Group>
        <Button component={Link} to={paths.login}>
          Ir para o login
        </Button>
      </Group>
    </Stack>
  );
}
