import { useState } from 'react';
import {
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatCpf,
  isValidBrazilPhone,
  isValidCpf,
  MSG,
  MSG_CONTA,
  onlyDigits,
  type PerfilUsuario,
} from '@praca/contract';
import { Controller, useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert';
import { CpfInput, PhoneInput } from '@/components/masked-inputs';
import { PageTitle } from '@/components/page-title';
import { ErrorState } from '@/components/query-states';
import { formatDate } from '@/lib/format';
import { setSession, useSession } from '@/lib/session';
import {
  accountError,
  perfilQueryOptions,
  useBaixarMeusDados,
  usePerfil,
  useSalvarPerfil,
  useSolicitarRemocao,
} from '../api/account';
import { cpfComprovacaoQueryKey } from '../api/cpf-comprovacao';
import { CpfComprovacaoSection } from './cpf-comprovacao-section';
import { PasswordModal } from './password-modal';
import { MESSAGE_MS, useTimedMessage, type Banner } from './use-timed-message';

/** 'Meus Perfil' (spec §2): loads GET /v1/usuarios/{id}, then the form. */
export function ProfileScreen() {
  const session = useSession();
  const id = session?.id_usuario ?? 0;
  const perfil = usePerfil(id);

  let content;
  if (perfil.isPending) {
    content = (
      <Stack gap="md" role="status">
        <VisuallyHidden>Carregando seu perfil…</VisuallyHidden>
        <Skeleton h={56} />
        <Skeleton h={56} />
        <Skeleton h={56} />
      </Stack>
    );
  } else if (perfil.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar seu perfil."
        error={perfil.error}
        onRetry={() => void perfil.refetch()}
        retrying={perfil.isFetching}
      />
    );
  } else {
    content = <ProfileForm perfil={perfil.data} userId={id} />;
  }

  return (
    <Stack gap="lg" maw={640}>
      <PageTitle>Meus Perfil</PageTitle>
      {content}
    </Stack>
  );
}

/**
 * Issue 52: what the CPF field says under it, by how the CPF is held: none, declared (its
 * counter purchases wait until it has been this account's alone for the waiting period) or
 * proven (they come at once; it cannot be changed).
 */
function cpfDescription(perfil: Pick<PerfilUsuario, 'cpf' | 'cpf_situacao' | 'cpf_carencia_ate'>): string {
  const situacao = perfil.cpf ? (perfil.cpf_situacao ?? 'declarado') : '';
  if (situacao === 'comprovado')
    return 'CPF comprovado: as compras em que você informar o CPF no caixa entram na sua conta. Ele não pode ser alterado.';
  if (situacao === 'declarado') {
    const ate = perfil.cpf_carencia_ate;
    if (ate && Date.parse(ate) > Date.now())
      return `CPF declarado: suas compras pelo CPF serão creditadas a partir de ${formatDate(ate)}, se nenhuma outra conta informar o mesmo CPF. O CPF pode ser trocado uma vez a cada 90 dias.`;
    return 'CPF declarado: suas compras pelo CPF são creditadas quando ele está há 30 dias só na sua conta, sem outra conta com o mesmo CPF. O CPF pode ser trocado uma vez a cada 90 dias.';
  }
  return 'Só você vê seu CPF completo. Informado aqui, ele fica declarado: as compras em que você o informar no caixa entram na sua conta após 30 dias sem outra conta com o mesmo CPF.';
}

/** The refusals of a CPF the server marks at the field (issue 52: a change too soon, a proven CPF). */
const CPF_ERRORS: string[] = [MSG.cpfInvalido, MSG.cpfEmUso, MSG.cpfTrocaRecente, MSG.cpfComprovadoFixo];

interface Values {
  nome: string;
  email: string;
  whatsup: string;
  /** Issue 40: digits, '' for none. */
  cpf: string;
}

/**
 * Nome, E-Mail (read-only), SMS/WhatsApp (masked, digits only, at most 11; if filled, a
 * valid Brazilian number or 'numero do WhatApp invalido!' and no call). Salvar Dados shows
 * 'Perfil salvo com sucesso' or the server's `erro`; messages go away after 3 s.
 */
function ProfileForm({ perfil, userId }: { perfil: PerfilUsuario; userId: number }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const salvar = useSalvarPerfil();
  const remocao = useSolicitarRemocao();
  const download = useBaixarMeusDados();
  // The outcome of Salvar Dados shows by its button; that of the data section's buttons by them.
  const [banner, showBanner, hideBanner] = useTimedMessage();
  const [dataBanner, showDataBanner, hideDataBanner] = useTimedMessage();
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [cpfError, setCpfError] = useState<string | null>(null);
  const [senhaOpened, senha] = useDisclosure(false);
  const [remocaoOpened, confirmRemocao] = useDisclosure(false);

  const { register, control, handleSubmit, setFocus } = useForm<Values>({
    defaultValues: {
      nome: perfil.nome,
      email: perfil.email,
      whatsup: perfil.whatsup.replace(/\D/g, ''),
      cpf: onlyDigits(perfil.cpf ?? ''),
    },
  });

  const email = perfil.email || session?.email || '';
  const comprovado = !!perfil.cpf && perfil.cpf_situacao === 'comprovado';

  const onSubmit = handleSubmit(async (values) => {
    const whatsup = values.whatsup.replace(/\D/g, '');
    if (whatsup !== '' && !isValidBrazilPhone(whatsup)) {
      setPhoneError(MSG_CONTA.whatsInvalido);
      showBanner(null);
      setFocus('whatsup');
      return;
    }
    setPhoneError(null);
    const cpf = onlyDigits(values.cpf);
    if (cpf !== '' && !isValidCpf(cpf)) {
      setCpfError(MSG.cpfInvalido);
      showBanner(null);
      setFocus('cpf');
      return;
    }
    setCpfError(null);
    showBanner(null);
    // The CPF is sent only when it changed: left out, the stored one stays.
    const cpfChanged = cpf !== onlyDigits(perfil.cpf ?? '');
    try {
      await salvar.mutateAsync({
        nome: values.nome,
        email: perfil.email,
        whatsup,
        ...(cpfChanged ? { cpf } : {}),
      });
      queryClient.setQueryData(perfilQueryOptions(userId).queryKey, {
        nome: values.nome.trim(),
        email: perfil.email,
        whatsup,
        ...(cpf ? { cpf: formatCpf(cpf) } : {}),
        // A new CPF is declared; the server tells the end of its waiting period on the next read.
        cpf_situacao: cpf ? (cpfChanged ? 'declarado' : (perfil.cpf_situacao ?? 'declarado')) : '',
        ...(cpf && !cpfChanged && perfil.cpf_carencia_ate
          ? { cpf_carencia_ate: perfil.cpf_carencia_ate }
          : {}),
      } satisfies PerfilUsuario);
      if (cpfChanged) {
        void queryClient.invalidateQueries({ queryKey: perfilQueryOptions(userId).queryKey });
        // A new or removed CPF changes what the proof section offers (issue 52).
        void queryClient.invalidateQueries({ queryKey: cpfComprovacaoQueryKey });
      }
      // The greeting on the home page reads the name from the session.
      if (session && values.nome.trim()) setSession({ ...session, nome: values.nome.trim() });
      showBanner({ color: 'green.9', text: MSG_CONTA.perfilSalvo });
    } catch (error) {
      const text = accountError(error, 'Não foi possível salvar o perfil');
      // A CPF refused by the server (a change within 90 days, a proven one…) is marked at its field.
      if (CPF_ERRORS.includes(text)) {
        setCpfError(text);
        setFocus('cpf');
      } else showBanner({ color: 'red', text });
    }
  });

  const onConfirmRemocao = async () => {
    confirmRemocao.close();
    showDataBanner(null);
    try {
      await remocao.mutateAsync(email);
      showDataBanner({ color: 'green.9', text: MSG_CONTA.remocaoSolicitada });
    } catch {
      showDataBanner({ color: 'red', text: MSG_CONTA.remocaoFalhou });
    }
  };

  const onDownload = async () => {
    showDataBanner(null);
    try {
      await download.mutateAsync();
    } catch (error) {
      showDataBanner({
        color: 'red',
        text: `Não foi possível baixar seus dados. ${accountError(error, '')}`.trim(),
      });
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <form onSubmit={onSubmit} noValidate aria-label="Meus dados">
          <Stack gap="md">
            <TextInput label="Nome" autoComplete="name" {...register('nome')} />
            <TextInput
              label="E-Mail"
              readOnly
              autoComplete="email"
              description="O e-mail não pode ser alterado."
              {...register('email')}
            />
            <Controller
              control={control}
              name="whatsup"
              render={({ field }) => (
                <PhoneInput
                  label="SMS/WhatsApp"
                  placeholder="(00) 00000-0000"
                  autoComplete="tel"
                  name={field.name}
                  value={field.value}
                  onChange={(digits) => {
                    field.onChange(digits);
                    setPhoneError(null);
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={phoneError}
                />
              )}
            />
            <Controller
              control={control}
              name="cpf"
              render={({ field }) => (
                <CpfInput
                  label="CPF (opcional)"
                  description={cpfDescription(perfil)}
                  // Issue 52: a proven CPF is the person's for good.
                  readOnly={comprovado}
                  placeholder="000.000.000-00"
                  autoComplete="off"
                  name={field.name}
                  value={field.value}
                  onChange={(digits) => {
                    field.onChange(digits);
                    setCpfError(null);
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={cpfError}
                  errorProps={cpfError ? { role: 'alert' } : undefined}
                />
              )}
            />
            <ProfileBanner banner={banner} onClose={hideBanner} />
            <Group gap="sm">
              <Button variant="light" onClick={senha.open}>
                Alterar Senha
              </Button>
              <Button type="submit" loading={salvar.isPending}>
                Salvar Dados
              </Button>
            </Group>
          </Stack>
        </form>

        <CpfComprovacaoSection />

        <Divider />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Seus dados pessoais
          </Title>
          <Text size="sm" c="dimmed">
            Você pode baixar uma cópia de todos os dados que o programa guarda sobre você, ou pedir a remoção
            do seu cadastro. A remoção é confirmada por um link enviado ao seu e-mail.
          </Text>
          <ProfileBanner banner={dataBanner} onClose={hideDataBanner} />
          <Group gap="sm">
            <Button variant="default" onClick={() => void onDownload()} loading={download.isPending}>
              Baixar meus dados
            </Button>
            <Button
              variant="outline"
              color="red.9"
              onClick={confirmRemocao.open}
              loading={remocao.isPending}
              maw="100%"
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              Solicitar remoção do meu usuário
            </Button>
          </Group>
        </Stack>
      </Stack>

      <PasswordModal opened={senhaOpened} onClose={senha.close} email={email} />

      <Modal
        opened={remocaoOpened}
        onClose={confirmRemocao.close}
        title="Solicitar remoção do meu usuário"
        closeButtonProps={{ 'aria-label': 'Fechar' }}
        centered
      >
        <Stack gap="md">
          <Text>
            Deseja mesmo remover seu cadastro? Enviaremos para {email || 'o seu e-mail'} um link para
            confirmar a remoção.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirmRemocao.close}>
              Cancela
            </Button>
            <Button color="red.9" onClick={() => void onConfirmRemocao()}>
              Confirma
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** A profile message (spec §9: gone 3 s after it was seen), by the buttons that caused it. */
function ProfileBanner({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  return (
    <FormAlert
      message={banner?.text ?? null}
      seq={banner?.seq}
      tone={banner?.color === 'green.9' ? 'success' : 'error'}
      onClose={onClose}
      closeAfterMs={MESSAGE_MS}
      data-testid="perfil-mensagem"
    />
  );
}
