import { useState } from 'react';
import { Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { notifySuccess } from '@/lib/notify';
import { isLoggedIn, useSession } from '@/lib/session';
import { useGovbrVinculo } from '../api/get-vinculo';
import { useGovbrLink } from '../api/post-vincular';
import { GovbrLinks } from './govbr-links';

const WHY: Record<string, string> = {
  cpf: 'Já existe uma conta do Praça com o CPF da sua conta gov.br.',
  email: 'Já existe uma conta do Praça com o e-mail da sua conta gov.br.',
  vincular: 'Você entrou com gov.br para vincular a sua conta do Praça.',
};

/**
 * /govbr/vincular (issue 52): gov.br's account matches an account of the programme (its CPF or
 * e-mail), or the person asked to link. Nothing was created: the person logs in with the
 * password, confirms it here, and from then on gov.br opens that account.
 */
export function VincularPage() {
  const navigate = useNavigate();
  const session = useSession();
  const vinculo = useGovbrVinculo();
  const vincular = useGovbrLink();
  const [senha, setSenha] = useState('');
  const [vazia, setVazia] = useState(false);

  if (vinculo.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <PageTitle documentTitle="Vincular conta gov.br">Vincular conta gov.br</PageTitle>
        <FormAlert message={vinculo.error.message} />
        <GovbrLinks />
      </Stack>
    );
  }

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!senha) {
      setVazia(true);
      return;
    }
    try {
      await vincular.mutateAsync(senha);
      notifySuccess('Conta gov.br vinculada. Seu CPF está comprovado.');
      await navigate(paths.home, { replace: true });
    } catch {
      // The message shows in the alert.
    }
  };
  const next = `${paths.login}?${new URLSearchParams({ next: '/govbr/vincular' }).toString()}`;

  return (
    <Stack gap="md" maw={560}>
      <PageTitle documentTitle="Vincular conta gov.br">Vincular sua conta gov.br</PageTitle>
      {vinculo.data ? <Text>{WHY[vinculo.data.motivo]}</Text> : null}
      {isLoggedIn(session) ? (
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Vincular conta gov.br">
          <Stack gap="md">
            <Text>
              Para vincular a conta gov.br à conta de <b>{session.email || session.nome}</b>, digite a senha
              do Praça de novo.
            </Text>
            <PasswordInput
              label="Senha do Praça"
              autoComplete="current-password"
              value={senha}
              error={vazia ? 'Digite a sua senha' : undefined}
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha' }}
              onChange={(e) => {
                setVazia(false);
                setSenha(e.currentTarget.value);
              }}
            />
            <FormAlert message={vincular.isError ? vincular.error.message : null} />
            <Button type="submit" disabled={vincular.isPending} aria-busy={vincular.isPending}>
              {vincular.isPending ? 'Enviando...' : 'Vincular contas'}
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>Entre com o e-mail e a senha da sua conta do Praça; depois confirme a vinculação aqui.</Text>
          <Button component={Link} to={next}>
            Entrar com e-mail e senha
          </Button>
          <Text size="sm" c="dimmed">
            Esqueceu a senha? Use “Esqueceu a senha” na página de login.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
