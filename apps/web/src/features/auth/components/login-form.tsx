import { useState, type ChangeEvent } from 'react';
import { Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MSG } from '@praca/contract/plain';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NEXT_PARAM, safeNextPath } from '@/app/guards';
import { FormAlert } from '@/components/form-alert';
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
 * 'e-mail ou senha vazios' without any call, the empty field marked and focused; a failed
 * call 'e-mail ou senha invalidos'. The message sits next to Acessar (FormAlert). When the
 * server asks for a proof of work (issue 52), it is solved in a worker and the login sent
 * again, the progress read out ("Verificando que você não é um robô…").
 */
export function LoginForm({ kind, redirectTo }: LoginFormProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A guard sent the consumer here from a page (e.g. an e-mailed /remocaousuario link):
  // go back there, but only to a path of this app.
  const next = kind === 'usuario' ? safeNextPath(searchParams.get(NEXT_PARAM)) : null;
  // Issue 52: the share of a log-in challenge tried while it is solved; null when none.
  const [verifying, setVerifying] = useState<number | null>(null);
  const loginMutation = useLogin(kind, setVerifying);
  const [message, setMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<LoginInput>({ defaultValues: { email: '', senha: '' } });
  // A field typed in loses its mark.
  const field = (name: keyof LoginInput) => {
    const props = register(name);
    return {
      ...props,
      error: Boolean(errors[name]),
      // Mantine's PasswordInput does not pass `error` on as aria-invalid: set it for both.
      'aria-invalid': Boolean(errors[name]),
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        clearErrors(name);
        return props.onChange(e);
      },
    };
  };

  const onSubmit = handleSubmit(async (values) => {
    const empty = loginInputError(values);
    if (empty) {
      // The empty fields are marked; the alert then gives the first one the focus.
      if (!values.email.trim()) setError('email', { type: 'required' });
      if (!values.senha) setError('senha', { type: 'required' });
      setMessage(empty);
      return;
    }
    setMessage(null);
    try {
      await loginMutation.mutateAsync(values);
      await navigate(next ?? redirectTo, { replace: true });
    } catch (error) {
      setMessage(error instanceof LoginError ? error.message : MSG.loginInvalido);
    } finally {
      setVerifying(null);
    }
  });

  const sending = loginMutation.isPending;
  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Acesso">
        <Stack gap="md">
          <TextInput label="E-mail" type="email" autoComplete="email" inputMode="email" {...field('email')} />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha' }}
            {...field('senha')}
          />
          {/* Always there, so screen readers announce what comes into it. */}
          <Text role="status" size="sm" data-testid="login-verificando" hidden={verifying === null}>
            {verifying !== null && `Verificando que você não é um robô… ${Math.round(verifying * 100)}%`}
          </Text>
          <FormAlert message={message} data-testid="login-erro" />
          <Button type="submit" size="md" fullWidth disabled={sending} aria-busy={sending}>
            {verifying !== null ? 'Verificando...' : sending ? 'Enviando...' : 'Acessar'}
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
