import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { MSG_ERRO_INESPERADO } from '@praca/contract/plain';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { isChunkError, reloadOnce } from '@/lib/chunk-reload';
import { AppFooter } from './layouts/footer';
import { MAIN_ID } from './layouts/use-focus-main';

/** The router fallback (spec §2): 'Unexpected Application Error!', also for unknown paths. */
export function ErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A lazy screen's chunk of an older build is gone (a deploy): reload once into the new one.
  const reloading = !notFound && isChunkError(error) && reloadOnce();
  if (!notFound && !reloading) console.error(error);
  if (reloading) return null;

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <title>{`${notFound ? 'Página não encontrada' : 'Erro'} · Praça`}</title>
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1 }}>
        <Container size="sm" py={64}>
          <Stack gap="md" align="flex-start">
            <Title order={1}>{MSG_ERRO_INESPERADO}</Title>
            <Text>
              {notFound
                ? 'Página não encontrada. Confira o endereço digitado.'
                : 'Algo deu errado ao abrir esta tela. Tente novamente em instantes.'}
            </Text>
            <Button component={Link} to={paths.home} reloadDocument={!notFound}>
              Voltar para o início
            </Button>
          </Stack>
        </Container>
      </Box>
      <AppFooter />
    </Box>
  );
}
