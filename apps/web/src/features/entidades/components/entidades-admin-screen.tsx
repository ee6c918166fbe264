import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { EntidadeBody, formatCnpj, type EntidadeAdmin } from '@praca/contract';
import { notifySuccess } from '@/lib/notify';
import { contractResolver } from '@/components/editor/contract-check';
import { AdminCityPrompt, AdminListStates } from '@/components/admin-list/admin-list';
import { FormAlert } from '@/components/form-alert';
import { ImageUpload } from '@/components/image-upload';
import { PageTitle } from '@/components/page-title';
import { useAdminCity } from '@/lib/admin-city';
import { describeError } from '@/lib/api-client';
import { useAlterarEntidade, useCriarEntidade, useEntidadesAdmin } from '@/lib/api/entidades';
import { EntidadeIdentificacao, EntidadeLogo } from './entidade-card';

/** The registration form's fields: the body without the city, which is the screen's. */
const NovaForm = EntidadeBody.omit({ cod_cidade: true });
/** The edit form: the same fields and rules; the account's e-mail is shown, not changed. */
const EdicaoForm = NovaForm.extend({ email: z.string() });
type FormIn = z.input<typeof NovaForm>;
type FormOut = z.output<typeof NovaForm>;
const empty: FormIn = { nome: '', cnpj: '', causa: '', email: '', contato: '', logo: '' };

/** The box the logo is stored in: twice the size it is shown at, for sharp screens. */
const LOGO_SIZE = { largura: 128, altura: 128 };

/** 'nova': the registration form; an entity: its edit form. */
type Dialog = 'nova' | EntidadeAdmin | null;

/**
 * 'Entidades' (issue 40): the city's social entities, each with its edit form (name, CNPJ,
 * cause, logo, contact), and a form to register one with the e-mail of its own account (which
 * receives the link to set its password).
 */
export function EntidadesAdminScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  const lista = useEntidadesAdmin(codCidade);
  const [dialog, setDialog] = useState<Dialog>(null);

  if (codCidade <= 0)
    return (
      <AdminCityPrompt
        title="Entidades"
        canChoose={canChoose}
        noun={{ article: 'as', plural: 'entidades' }}
      />
    );

  const content = (
    <AdminListStates
      query={lista}
      noun={{ article: 'as', plural: 'entidades' }}
      skeletons={1}
      isEmpty={(d) => d.length === 0}
      empty="Nenhuma entidade social cadastrada nesta cidade."
    >
      {(data) => (
        <Stack gap="md">
          {data.map((e) => (
            <EntidadeAdminCard key={e.id_entidade} entidade={e} onEdit={() => setDialog(e)} />
          ))}
        </Stack>
      )}
    </AdminListStates>
  );

  const editing = dialog !== null && dialog !== 'nova' ? dialog : null;
  return (
    <Stack gap="lg">
      <PageTitle>Entidades</PageTitle>
      <Text>
        Entidades sociais recebem cupons doados pelos moradores e participam dos sorteios com eles. Cada
        entidade tem uma conta própria para acompanhar o que recebeu.
      </Text>
      <Group>
        <Button onClick={() => setDialog('nova')}>Nova entidade</Button>
      </Group>
      {content}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={editing ? `Editar ${editing.nome}` : 'Nova entidade'}
        centered
      >
        {dialog === null ? null : (
          <EntidadeForm
            key={editing ? editing.id_entidade : 'nova'}
            codCidade={codCidade}
            entidade={editing}
            onCancel={() => setDialog(null)}
            onDone={(message) => {
              setDialog(null);
              notifySuccess(message);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

/** One entity in the admin's list: who it is, its account, and the way to its edit form. */
function EntidadeAdminCard({ entidade, onEdit }: { entidade: EntidadeAdmin; onEdit: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={entidade.nome}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <EntidadeLogo entidade={entidade} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {entidade.nome}
          </Title>
          <Text size="sm">{entidade.causa}</Text>
          <EntidadeIdentificacao entidade={entidade} />
          {entidade.email ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Conta: {entidade.email}
            </Text>
          ) : null}
          <Group mt="xs">
            <Button size="xs" variant="light" onClick={onEdit} aria-label={`Editar ${entidade.nome}`}>
              Editar
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The form of an entity: registration (with its account's e-mail) when `entidade` is null,
 * else the entity's edit (the e-mail shown, not changed). Checked with the contract's schema
 * before any call; the server's refusal (a CNPJ in use) shows in the red alert.
 */
function EntidadeForm({
  codCidade,
  entidade,
  onCancel,
  onDone,
}: {
  codCidade: number;
  entidade: EntidadeAdmin | null;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const criar = useCriarEntidade();
  const alterar = useAlterarEntidade();
  const [erro, setErro] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: contractResolver(entidade ? EdicaoForm : NovaForm),
    defaultValues: entidade
      ? {
          nome: entidade.nome,
          cnpj: entidade.cnpj,
          causa: entidade.causa,
          email: entidade.email,
          contato: entidade.contato,
          logo: entidade.logo,
        }
      : empty,
  });

  const onSubmit = handleSubmit(async (v) => {
    setErro(null);
    try {
      if (entidade) {
        await alterar.mutateAsync({
          id: entidade.id_entidade,
          body: { nome: v.nome, cnpj: v.cnpj, causa: v.causa, logo: v.logo, contato: v.contato },
        });
        onDone(`Entidade ${v.nome} atualizada.`);
      } else {
        await criar.mutateAsync({ ...v, cod_cidade: codCidade });
        onDone(`Entidade ${v.nome} cadastrada. ${v.email} recebeu o link para definir a senha.`);
      }
    } catch (error) {
      setErro(
        describeError(
          error,
          entidade ? 'Não foi possível salvar a entidade.' : 'Não foi possível cadastrar a entidade.',
        ),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={entidade ? `Editar ${entidade.nome}` : 'Nova entidade'}>
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
        {entidade ? (
          <Text size="sm">
            <Text span fw={500}>
              E-mail da conta:
            </Text>{' '}
            <Text span style={{ overflowWrap: 'anywhere' }}>
              {entidade.email || 'conta removida'}
            </Text>
          </Text>
        ) : (
          <TextInput
            label="E-mail da conta da entidade"
            type="email"
            aria-required
            description="Recebe o link para definir a senha."
            error={errors.email?.message}
            {...register('email')}
          />
        )}
        <TextInput label="Contato (opcional)" error={errors.contato?.message} {...register('contato')} />
        <Controller
          control={control}
          name="logo"
          render={({ field }) => (
            <ImageUpload
              label="Logotipo"
              dir="imglog"
              value={field.value ?? ''}
              onChange={field.onChange}
              size={LOGO_SIZE}
              previewWidth={64}
              previewHeight={64}
              description="Opcional. Aparece na página pública das entidades (PNG, JPEG, WebP ou GIF, até 5 MB)."
            />
          )}
        />
        {errors.logo?.message ? (
          <Text role="alert" size="sm" c="red.9">
            {errors.logo.message}
          </Text>
        ) : null}
        <FormAlert message={erro} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={criar.isPending || alterar.isPending}>
            {entidade ? 'Salvar' : 'Cadastrar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
