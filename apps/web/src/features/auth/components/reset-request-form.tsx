import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { MSG_CONTA } from '@praca/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AlertIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { SolicitacaoError, useSolicitarTrocaSenha } from '../api/solicita-troca-senha';

const RESET_REQUEST_SENT_TITLE = 'Solicitação enviada';
export const RESET_REQUEST_SENT =
  'Enviamos para o seu e-mail um link para criar uma nova senha. Se não encontrar a mensagem, verifique também a caixa de spam.';

/**
 * Reset request (spec §4, §5): an empty e-mail shows 'Digite seu email para solicitar uma
 * nova senha' without a call; 202 shows the notice (sent to your e-mail, check spam); a
 * failure shows the server's `erro` in red.
 */
export function ResetRequestForm() {
  const mutation = useSolicitarTrocaSenha();
  const [aviso, setAviso] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { register, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setErro(null);
    if (!email.trim()) {
      setAviso(MSG_CONTA.digiteEmail);
      return;
    }
    setAviso(null);
    try {
      await mutation.mutateAsync(email);
      setSent(true);
    } catch (error) {
      setErro(error instanceof SolicitacaoError ? error.message : 'Erro');
    }
  });

  if (sent) {
    return (
      <Stack gap="md">
        <Alert color="green.9" role="status" data-testid="solicitacao-enviada">
          <Text fw={700} size="sm" mb={4}>
            {RESET_REQUEST_SENT_TITLE}
          </Text>
          <Text size="sm">{RESET_REQUEST_SENT}</Text>
        </Alert>
        <Button component={Link} to={paths.login} variant="light">
          Voltar para o login
        </Button>
      </Stack>
    );
  }

  const sending = mutation.isPending;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Solicitar nova senha">
      <Stack gap="md">
        {aviso ? (
          <Alert color="yellow" icon={<AlertIcon />} role="alert">
            {aviso}
          </Alert>
        ) : null}
        {erro ? (
          <Text c="red.8" role="alert" data-testid="solicitacao-erro">
            {erro}
          </Text>
        ) : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...register('email')}
        />
        <Button type="submit" disabled={sending} aria-busy={sending}>
          {sending ? 'Enviando...' : 'Solicitar nova senha'}
        </Button>
        <Button component={Link} to={paths.login} variant="subtle">
          Voltar para o login
        </Button>
      </Stack>
    </form>
  );
}
