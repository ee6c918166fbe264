import { Anchor, Button, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { GovbrCadastroBody, NO_CITY } from '@praca/contract';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { controlled } from '@/components/editor/controlled';
import { contractResolver } from '@/components/editor/contract-check';
import { FormAlert } from '@/components/form-alert';
import { CepInput, PhoneInput } from '@/components/masked-inputs';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { cidadeLabel, useCidades } from '@/lib/api/get-cidades';
import { useGovbrCadastro } from '../api/get-cadastro';
import { useGovbrRegistration } from '../api/post-cadastro';
import { GovbrLinks } from './govbr-links';

const EMPTY = {
  cod_cidade: NO_CITY,
  email: '',
  whatsup: '',
  endereco: '',
  numero: '',
  complemento: '',
  bairro: '',
  cep: '',
};

/**
 * /govbr/cadastro (issue 52): gov.br found no account for this person. Only what gov.br does
 * not give is asked (city, WhatsApp, address; an e-mail when gov.br gave none); the account is
 * created with the CPF proven and the person is logged in.
 */
export function CadastroPage() {
  const navigate = useNavigate();
  const dados = useGovbrCadastro();
  const cidades = useCidades();
  const registrar = useGovbrRegistration();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: contractResolver(GovbrCadastroBody), defaultValues: EMPTY });

  if (dados.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <PageTitle documentTitle="Complete seu cadastro">Complete seu cadastro</PageTitle>
        <FormAlert message={dados.error.message} />
        <GovbrLinks />
      </Stack>
    );
  }

  const onSubmit = handleSubmit(async (body) => {
    try {
      await registrar.mutateAsync(body);
      await navigate(paths.home, { replace: true });
    } catch {
      // The message shows in the alert.
    }
  });
  const semEmail = dados.data?.email === '';
  const sending = registrar.isPending;
  const cityOptions = [
    { value: NO_CITY, label: cidades.isLoading ? 'Carregando cidades…' : 'Selecione a cidade' },
    ...(cidades.data ?? []).map((c) => ({ value: String(c.cod_cidade), label: cidadeLabel(c) })),
  ];

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <PageTitle documentTitle="Complete seu cadastro">Complete seu cadastro</PageTitle>
        <Text c="dimmed">
          Você entrou com gov.br{dados.data?.nome ? ` como ${dados.data.nome}` : ''}. Falta pouco: diga a sua
          cidade e como falar com você. Seu CPF vem comprovado pelo gov.br.
        </Text>
        {dados.data?.email ? (
          <Text size="sm">
            E-mail da conta gov.br: <b>{dados.data.email}</b>
          </Text>
        ) : null}
      </Stack>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Complete seu cadastro">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <Stack gap={4}>
              <NativeSelect
                label="Cidade"
                aria-required
                data={cityOptions}
                disabled={cidades.isLoading}
                error={
                  errors.cod_cidade?.message ??
                  (cidades.isError ? 'Não foi possível carregar as cidades.' : undefined)
                }
                {...register('cod_cidade')}
              />
              {cidades.isError ? (
                <Anchor component="button" type="button" size="sm" onClick={() => void cidades.refetch()}>
                  Tentar carregar as cidades de novo
                </Anchor>
              ) : null}
            </Stack>
            {semEmail ? (
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="email"
                inputMode="email"
                aria-required
                error={errors.email?.message}
                {...register('email')}
              />
            ) : null}
            <Controller
              control={control}
              name="whatsup"
              render={(f) => (
                <PhoneInput
                  label="WhatsApp"
                  placeholder="(00) 00000-0000"
                  autoComplete="tel-national"
                  {...controlled(f)}
                />
              )}
            />
            <TextInput
              label="Endereço"
              autoComplete="address-line1"
              error={errors.endereco?.message}
              {...register('endereco')}
            />
            <TextInput label="Número" error={errors.numero?.message} {...register('numero')} />
            <TextInput
              label="Complemento"
              autoComplete="address-line2"
              error={errors.complemento?.message}
              {...register('complemento')}
            />
            <TextInput label="Bairro" error={errors.bairro?.message} {...register('bairro')} />
            <Controller
              control={control}
              name="cep"
              render={(f) => (
                <CepInput label="CEP" placeholder="00000-000" autoComplete="postal-code" {...controlled(f)} />
              )}
            />
          </SimpleGrid>
          <FormAlert message={registrar.isError ? registrar.error.message : null} />
          <Button type="submit" size="md" disabled={sending || dados.isLoading} aria-busy={sending}>
            {sending ? 'Enviando...' : 'Concluir cadastro'}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
