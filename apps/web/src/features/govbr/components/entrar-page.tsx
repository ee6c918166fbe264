import { useEffect, useRef } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { useGovbrSession } from '../api/post-sessao';
import { GovbrLinks } from './govbr-links';

/**
 * /govbr/entrar (issue 52): gov.br's callback found the linked account; this page takes the
 * session (once, by the browser's flow cookie: no token in any address) and goes on.
 */
export function EntrarPage() {
  const navigate = useNavigate();
  const session = useGovbrSession();
  const asked = useRef(false);
  const { mutate } = session;
  useEffect(() => {
    // Once: the server hands the session over a single time.
    if (asked.current) return;
    asked.current = true;
    mutate(undefined, { onSuccess: ({ destino }) => void navigate(destino, { replace: true }) });
  }, [mutate, navigate]);

  return (
    <Stack gap="md" align="flex-start">
      <PageTitle documentTitle="Entrando com gov.br">Entrando com gov.br</PageTitle>
      {session.isError ? (
        <>
          <FormAlert message={session.error.message} />
          <GovbrLinks />
        </>
      ) : (
        <Stack gap="xs" align="flex-start" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Abrindo sua conta…</Text>
        </Stack>
      )}
    </Stack>
  );
}
