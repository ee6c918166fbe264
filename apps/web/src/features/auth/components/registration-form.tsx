import { useState } from 'react';
import {
  Anchor,
  Button,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { MSG, NO_CITY, RegistroForm, type RegistroFormInput, type RegistroFormOutput } from '@praca/contract';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { controlled } from '@/components/editor/controlled';
import { contractResolver } from '@/components/editor/contract-check';
import { FormAlert } from '@/components/form-alert';
import { CepInput, CpfInput, PhoneInput } from '@/components/masked-inputs';
import { paths } from '@/config/paths';
import { cidadeLabel, useCidades } from '@/lib/api/get-cidades';
import { RegistroError, useRegistrar } from '../api/register';

const defaultValues: RegistroFormInput = {
  nome: '',
  email: '',
  senha: '',
  confirmaSenha: '',
  whatsup: '',
  confirmaWhatsup: '',
  endereco: '',
  numero: '',
  complemento: '',
  bairro: '',
  cep: '',
  cod_cidade: NO_CITY,
  cpf: '',
};

const passwordToggle = { 'aria-label': 'Mostrar ou ocultar a senha' };

/** The type of a field's mark that came from the server's answer: announced at the field. */
const SERVER = 'server';

/**
 * Registration (spec §2, §3, §5). Different passwords show 'Senhas nao conferem', different
 * WhatsApp numbers 'Numero do WhatsUp nao conferem'; both block the submission. Status 201
 * stores the session and opens 'Cadastro realizado com sucesso', whose OK goes to '/'.
 */
export function RegistrationForm() {
  const navigate = useNavigate();
  const cidades = useCidades();
  const registrar = useRegistrar();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegistroFormInput, unknown, RegistroFormOutput>({
    resolver: contractResolver(RegistroForm),
    defaultValues,
  });

  // A field's own refusal shows under it and takes the focus (react-hook-form's
  // shouldFocusError); one the server sent is also announced there (role="alert").
  const announced = (name: keyof RegistroFormInput) =>
    errors[name]?.type === SERVER ? { errorProps: { role: 'alert' } } : {};

  const onSubmit = handleSubmit(async (form) => {
    setServerError(null);
    const cidade = cidades.data?.find((c) => c.cod_cidade === form.cod_cidade);
    try {
      await registrar.mutateAsync({ form, cidade });
      setDone(true);
    } catch (error) {
      const message = error instanceof RegistroError ? error.message : MSG.cadastroErro;
      const campo = error instanceof RegistroError ? error.campo : undefined;
      // A refusal that names a field shows at that field, which takes the focus; any other
      // shows next to Cadastrar, where the person is.
      if (campo) setError(campo, { type: SERVER, message }, { shouldFocus: true });
      else setServerError(message);
    }
  });

  const cityOptions = [
    { value: NO_CITY, label: cidades.isLoading ? 'Carregando cidades…' : 'Selecione a cidade' },
    ...(cidades.data ?? []).map((c) => ({ value: String(c.cod_cidade), label: cidadeLabel(c) })),
  ];
  const sending = registrar.isPending;
  const goHome = () => void navigate(paths.home, { replace: true });

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Cadastro">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label="Nome"
              autoComplete="name"
              aria-required
              error={errors.nome?.message}
              {...register('nome')}
            />
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-required
              error={errors.email?.message}
              {...announced('email')}
              {...register('email')}
            />
            <PasswordInput
              label="Senha"
              autoComplete="new-password"
              aria-required
              visibilityToggleButtonProps={passwordToggle}
              error={errors.senha?.message}
              aria-invalid={Boolean(errors.senha)}
              {...register('senha')}
            />
            <PasswordInput
              label="Confirme a senha"
              autoComplete="new-password"
              aria-required
              visibilityToggleButtonProps={passwordToggle}
              error={errors.confirmaSenha?.message}
              aria-invalid={Boolean(errors.confirmaSenha)}
              {...register('confirmaSenha')}
            />
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
            <Controller
              control={control}
              name="confirmaWhatsup"
              render={(f) => (
                <PhoneInput
                  label="Confirme o WhatsApp"
                  placeholder="(00) 00000-0000"
                  autoComplete="off"
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
                {...announced('cod_cidade')}
                {...register('cod_cidade')}
              />
              {cidades.isError ? (
                <Anchor component="button" type="button" size="sm" onClick={() => void cidades.refetch()}>
                  Tentar carregar as cidades de novo
                </Anchor>
              ) : null}
            </Stack>
            <Controller
              control={control}
              name="cpf"
              render={(f) => (
                <CpfInput
                  label="CPF (opcional)"
                  description="Com o CPF, as compras em que você o informou no caixa entram na sua conta."
                  placeholder="000.000.000-00"
                  autoComplete="off"
                  {...controlled(f)}
                  {...announced('cpf')}
                />
              )}
            />
          </SimpleGrid>

          <FormAlert message={serverError} data-testid="cadastro-erro" />
          <Group justify="space-between" mt="sm">
            <Anchor component={Link} to={paths.login}>
              Já tenho cadastro
            </Anchor>
            <Button type="submit" size="md" disabled={sending} aria-busy={sending}>
              {sending ? 'Enviando...' : 'Cadastrar'}
            </Button>
          </Group>
        </Stack>
      </form>

      <Modal.Root opened={done} onClose={goHome} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title fw={700}>{MSG.cadastroSucesso}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Stack gap="md">
              <Text>Bem-vindo à Praça! Seu cadastro está pronto para usar.</Text>
              <Group justify="flex-end">
                <Button onClick={goHome} data-autofocus>
                  OK
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
