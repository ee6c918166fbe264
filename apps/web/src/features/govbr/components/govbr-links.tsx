import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { apiUrl } from '@/config/env';
import { paths } from '@/config/paths';

/** Try gov.br again, or log in with e-mail and password. */
export function GovbrLinks({ destino }: { destino?: string }) {
  const query = destino ? `?${new URLSearchParams({ destino }).toString()}` : '';
  return (
    <Group>
      <Button component="a" href={`${apiUrl()}/v1/govbr/entrar${query}`}>
        Entrar com gov.br de novo
      </Button>
      <Button component={Link} to={paths.login} variant="light">
        Entrar com e-mail e senha
      </Button>
    </Group>
  );
}
