import { useState } from 'react';
import { Alert, Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { MSG } from '@praca/contract/plain';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NEXT_PARAM, safeNextPath } from '@/app/guards';
import { AlertIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { LoginError, loginInputError, useLogin, type LoginInput, type LoginKind } from '../api/login';
import { AppStoreLinks } from './app-store-links';

interface LoginFormProps {
  kind: LoginKind;
  /** Where a successful login goes (spec §2). */
  redirectTo: string;
}

/**
 * E-mail and Senha, 'Acessar' ('Enviando...' while waiting). An empty field shows
 * 'e-mail ou senha vazios' without any call; a failed call 'e-mail ou senha invalidos'.
 */
export function LoginForm({ kind, redirectTo }: LoginFormProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A guard sent the consumer here from a page (e.g. an e-mailed /remocaousuario link):
  // go back there, but only to a path of this app.
  const next = kind === 'usuario' ? safeNextPath(searchParams.get(NEXT_PARAM)) : null;
  const loginMutation = useLogin(kind);
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit } = useForm<LoginInput>({ defaultValues: { email: '', senha: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const empty = loginInputError(values);
    if (empty) {
      setMessage(empty);
      return;
    }
    setMessage(null);
    try {
      await loginMutation.mutateAsync(values);
      await navigate(next ?? redirectTo, { replace: true });
    } catch (error) {
      setMessage(error instanceof LoginError ? error.message : MSG.loginInvalido);
    }
  });

  const sending = loginMutation.isPending;
  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Acesso">
        <Stack gap="md">
          {message ? (
            <Alert color="red" icon={<AlertIcon />} data-testid="login-erro">
              {message}
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...register('email')}
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha' }}
            {...register('senha')}
          />
          <Button type="submit" size="md" fullWidth disabled={sending} aria-busy={sending}>
            {sending ? 'Enviando...' : 'Acessar'}
          </Button>
        </Stack>
      </form>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button component={Link} to={paths.cadastro} variant="light">
          Novo cadastro
        </Button>
        <Button component={Link} to={paths.solicitarRedefinir} variant="subtle">
          Esqueceu a senha
        </Button>
      </SimpleGrid>
      <AppStoreLinks />
    </Stack>
  );
}
