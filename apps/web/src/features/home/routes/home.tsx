import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** Home (spec §2 "Home"): the greeting button now; the carousels arrive in a later delivery. */
export function Component() {
  const session = useSession();
  const nome = session?.nome.trim() || 'visitante';
  return (
    <Stack gap="lg">
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
      <Paper withBorder p="lg">
        <Text>
          Em breve você verá aqui os estabelecimentos participantes, as campanhas da sua cidade e os
          sorteados.
        </Text>
      </Paper>
    </Stack>
  );
}
