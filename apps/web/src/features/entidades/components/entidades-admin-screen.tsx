import { useState } from 'react';
import { Button, Group, Modal, Skeleton, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EntidadeBody, formatCnpj } from '@praca/contract';
import { AdminCityPrompt } from '@/components/admin-list/admin-list';
import { FormAlert } from '@/components/form-alert';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState } from '@/components/query-states';
import { useAdminCity } from '@/lib/admin-city';
import { describeError } from '@/lib/api-client';
import { useCriarEntidade, useEntidades } from '@/lib/api/entidades';
import { EntidadeCard } from './entidade-card';

/** The form's fields: the body without the city, which is the screen's. */
const Form = EntidadeBody.omit({ cod_cidade: true });
type FormIn = z.input<typeof Form>;
type FormOut = z.output<typeof Form>;
const empty: FormIn = { nome: '', cnpj: '', causa: '', email: '', contato: '', logo: '' };

/**
 * 'Entidades' (issue 40): the city's social entities, and a form to register one with the
 * e-mail of its own account (which receives the link to set its password).
 */
export function EntidadesAdminScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const lista = useEntidades(codCidade);
  const [opened, setOpened] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (codCidade <= 0)
    return (
      <AdminCityPrompt
        title="Entidades"
        canChoose={canChoose}
        noun={{ article: 'as', plural: 'entidades' }}
      />
    );

  let content;
  if (lista.isError) {
    content = (
      <ErrorState
        title="Não foi possível carregar as entidades."
        error={lista.error}
        onRetry={() => void lista.refetch()}
        retrying={lista.isFetching}
      />
    );
  } else if (lista.isPending) {
    content = (
      <Stack gap="xs" role="status">
        <VisuallyHidden>Carregando entidades…</VisuallyHidden>
        <Skeleton h={120} />
      </Stack>
    );
  } else if (lista.data.length === 0) {
    content = <EmptyState>Nenhuma entidade social cadastrada nesta cidade.</EmptyState>;
  } else {
    content = (
      <Stack gap="md">
        {lista.data.map((e) => (
          <EntidadeCard key={e.id_entidade} entidade={e} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageTitle>Entidades</PageTitle>
      <Text>
        Entidades sociais recebem cupons doados pelos moradores e participam dos sorteios com eles. Cada
        entidade tem uma conta própria para acompanhar o que recebeu.
      </Text>
      <Group>
        <Button onClick={() => setOpened(true)}>Nova entidade</Button>
      </Group>
      <FormAlert message={notice} tone="success" />
      {content}
      <NovaEntidadeModal
        opened={opened}
        codCidade={codCidade}
        onClose={() => setOpened(false)}
        onCreated={(nome, email) => {
          setOpened(false);
          setNotice(`Entidade ${nome} cadastrada. ${email} recebeu o link para definir a senha.`);
        }}
      />
    </Stack>
  );
}

function NovaEntidadeModal({
  opened,
  codCidade,
  onClose,
  onCreated,
}: {
  opened: boolean;
  codCidade: number;
  onClose: () => void;
  onCreated: (nome: string, email: string) => void;
}) {
  const criar = useCriarEntidade();
  const [erro, setErro] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(Form), defaultValues: empty });

  const close = () => {
    reset(empty);
    setErro(null);
    onClose();
  };
  const onSubmit = handleSubmit(async (v) => {
    setErro(null);
    try {
      await criar.mutateAsync({ ...v, cod_cidade: codCidade });
      reset(empty);
      onCreated(v.nome, v.email);
    } catch (error) {
      setErro(describeError(error, 'Não foi possível cadastrar a entidade.'));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Nova entidade" centered>
      <form onSubmit={onSubmit} noValidate aria-label="Nova entidade">
        <Stack gap="sm">
          <TextInput label="Nome" aria-required error={errors.nome?.message} {...register('nome')} />
          <TextInput
            label="CNPJ"
            aria-required
            inputMode="numeric"
            placeholder="00.000.000/0000-00"
            error={errors.cnpj?.message}
            {...register('cnpj', {
              onBlur: (e: { target: HTMLInputElement }) => (e.target.value = formatCnpj(e.target.value)),
            })}
          />
          <TextInput label="Causa" aria-required error={errors.causa?.message} {...register('causa')} />
          <TextInput
            label="E-mail da conta da entidade"
            type="email"
            aria-required
            description="Recebe o link para definir a senha."
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput label="Contato (opcional)" error={errors.contato?.message} {...register('contato')} />
          <FormAlert message={erro} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={criar.isPending}>
              Cadastrar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
