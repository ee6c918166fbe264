import { useState, type ReactNode } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { isResetCode, MSG_CONTA, RESET_CODE_LENGTH } from '@praca/contract';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { AlertIcon } from '@/components/icons';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { CodeError, useEnviarCodigo, type CodeKind } from './code-password-api';
import { SupportContacts } from './support-contacts';

const TEXTS: Record<
  CodeKind,
  { title: string; intro: string; submit: string; doneTitle: string; done: string; doneLink: string }
> = {
  reset: {
    title: 'Redefinir senha',
    intro: 'Escolha sua nova senha.',
    submit: 'Salvar nova senha',
    doneTitle: 'Parabéns!',
    done: 'Sua senha foi alterada com sucesso. Use a nova senha para acessar sua conta.',
    doneLink: 'Ir para o login',
  },
  boas_vindas: {
    title: 'Boas-vindas ao Praça',
    intro: 'Sua entidade foi cadastrada no Praça. Defina a senha da conta da entidade para começar.',
    submit: 'Definir senha',
    doneTitle: 'Parabéns!',
    done: 'A senha da sua entidade foi definida. Entre com o e-mail da entidade e a nova senha.',
    doneLink: 'Ir para o login',
  },
  remocao: {
    title: 'Remover meu cadastro',
    intro:
      'Para confirmar a remoção do seu cadastro, digite sua senha. Seus dados pessoais serão apagados e esta ação não pode ser desfeita.',
    submit: 'Confirmar remoção',
    doneTitle: 'Parabéns!',
    done: 'Seu cadastro foi removido e seus dados pessoais foram apagados. Obrigado por ter participado.',
    doneLink: 'Ir para o login',
  },
};

const passwordToggle = { 'aria-label': 'Mostrar ou ocultar a senha' };

interface CodePasswordPageProps {
  kind: CodeKind;
  /** The `code` query parameter of the e-mailed link. */
  code: string | null;
  /** Called once after the 202 (the removal page ends the session here). */
  onSuccess?: () => void;
}

/**
 * The page behind an e-mailed link (spec §2, §4): the form only when `code` has exactly 150
 * characters, otherwise the apology text of spec §8; after the 202 the congratulation page
 * with the support contacts.
 */
export function CodePasswordPage({ kind, code, onSuccess }: CodePasswordPageProps) {
  const [done, setDone] = useState(false);
  if (done) return <CodeCongratulation kind={kind} />;
  if (!isResetCode(code)) return <CodeApology kind={kind} />;
  return (
    <CodePasswordForm
      kind={kind}
      code={code}
      onSuccess={() => {
        setDone(true);
        onSuccess?.();
      }}
    />
  );
}

function ResultPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <Stack gap="md">
        <PageTitle>{title}</PageTitle>
        {children}
        <SupportContacts />
      </Stack>
    </Paper>
  );
}

/** A wrong, short or long code (spec §8, the text to the letter). */
function CodeApology({ kind }: { kind: CodeKind }) {
  return (
    <ResultPage title={TEXTS[kind].title}>
      <Alert color="yellow" icon={<AlertIcon />} data-testid="link-invalido">
        {MSG_CONTA.linkInvalido}
      </Alert>
      <Button
        component={Link}
        to={kind === 'remocao' ? paths.perfil : paths.solicitarRedefinir}
        variant="light"
      >
        {kind === 'remocao' ? 'Voltar para o perfil' : 'Solicitar um novo link'}
      </Button>
    </ResultPage>
  );
}

function CodeCongratulation({ kind }: { kind: CodeKind }) {
  const t = TEXTS[kind];
  return (
    <ResultPage title={t.doneTitle}>
      <Alert color="green.9" data-testid="codigo-sucesso">
        {t.done}
      </Alert>
      <Button component={Link} to={paths.login}>
        {t.doneLink}
      </Button>
    </ResultPage>
  );
}

interface FormValues {
  senha: string;
  senha2: string;
}

interface CodePasswordFormProps {
  kind: CodeKind;
  code: string;
  onSuccess: () => void;
}

/**
 * Senha and 'Confirme a senha' (spec §5): different values show 'Senha invalida!', a code
 * under 150 characters 'Invalido formato!'; the button stays disabled until the confirmation
 * is filled and equal. A failure shows the server's `msg`.
 */
export function CodePasswordForm({ kind, code, onSuccess }: CodePasswordFormProps) {
  const t = TEXTS[kind];
  const mutation = useEnviarCodigo(kind);
  const [serverMsg, setServerMsg] = useState<string | null>(null);
  const { register, handleSubmit, control } = useForm<FormValues>({
    defaultValues: { senha: '', senha2: '' },
  });
  const [senha, senha2] = useWatch({ control, name: ['senha', 'senha2'] });

  const mismatch = senha2 !== '' && senha !== senha2;
  const shortCode = code.length < RESET_CODE_LENGTH;
  const busy = mutation.isPending;
  const canSave = senha2 !== '' && senha === senha2 && !busy;

  const onSubmit = handleSubmit(async (values) => {
    setServerMsg(null);
    if (values.senha !== values.senha2 || !values.senha2) return;
    if (shortCode) return;
    try {
      await mutation.mutateAsync({ code, senha: values.senha, senha2: values.senha2 });
      onSuccess();
    } catch (error) {
      setServerMsg(error instanceof CodeError ? error.message : MSG_CONTA.linkInvalido);
    }
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto">
      <Stack gap="md">
        <PageTitle>{t.title}</PageTitle>
        <Text c="dimmed">{t.intro}</Text>
        <form onSubmit={onSubmit} noValidate aria-label={t.title}>
          <Stack gap="md">
            {shortCode ? (
              <Alert color="red" icon={<AlertIcon />} role="alert">
                {MSG_CONTA.formatoInvalido}
              </Alert>
            ) : null}
            {serverMsg ? (
              <Alert color="red" icon={<AlertIcon />} role="alert" data-testid="codigo-erro">
                {serverMsg}
              </Alert>
            ) : null}
            <PasswordInput
              label="Senha"
              autoComplete={kind === 'remocao' ? 'current-password' : 'new-password'}
              visibilityToggleButtonProps={passwordToggle}
              {...register('senha')}
            />
            <PasswordInput
              label="Confirme a senha"
              autoComplete={kind === 'remocao' ? 'current-password' : 'new-password'}
              visibilityToggleButtonProps={passwordToggle}
              error={mismatch ? MSG_CONTA.senhaInvalida : undefined}
              {...register('senha2')}
            />
            <Button
              type="submit"
              color={kind === 'remocao' ? 'red.9' : undefined}
              disabled={!canSave || shortCode}
              aria-busy={busy}
            >
              {busy ? 'Enviando...' : t.submit}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
