import { useEffect, useState } from 'react';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { MSG_CONTA } from '@praca/contract';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert';
import { TrocaSenhaError, useTrocarSenha } from '../api/account';
import { MESSAGE_MS, useTimedMessage } from './use-timed-message';

/** After a successful change the modal closes on its own (spec §9: 5 seconds). */
const CLOSE_AFTER_MS = 5000;

const passwordToggle = { 'aria-label': 'Mostrar ou ocultar a senha' };

interface PasswordModalProps {
  opened: boolean;
  onClose: () => void;
  email: string;
}

/** 'Alterar Senha' (spec §2, §4, §5, §8). */
export function PasswordModal({ opened, onClose, email }: PasswordModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Alterar Senha"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      centered
    >
      {/* Mantine unmounts the content when closed, so each opening starts empty. */}
      <PasswordForm email={email} onClose={onClose} />
    </Modal>
  );
}

interface Values {
  senha: string;
  novasenha: string;
  confirma: string;
}

/**
 * Senha atual, Nova senha, Confirma nova senha. The button is disabled until the confirmation
 * equals the new password, and while busy; a mismatch shows 'Senha não confere'. On 200
 * 'Senha alterada com sucesso' shows and the modal closes after 5 s; a failure shows
 * 'Ocorreu um erro no cadastro {status text}' for 3 s once seen, a wrong current password
 * marked and focused. The messages sit next to the buttons (FormAlert).
 */
function PasswordForm({ email, onClose }: { email: string; onClose: () => void }) {
  const mutation = useTrocarSenha();
  const [done, setDone] = useState(false);
  const [erro, showErro, hideErro] = useTimedMessage();
  const {
    register,
    handleSubmit,
    control,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values>({
    defaultValues: { senha: '', novasenha: '', confirma: '' },
  });
  // The current password a refusal pointed at: marked until it is typed again.
  const senha = register('senha', { onChange: () => clearErrors('senha') });
  const [novasenha, confirma] = useWatch({ control, name: ['novasenha', 'confirma'] });

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(onClose, CLOSE_AFTER_MS);
    return () => clearTimeout(t);
  }, [done, onClose]);

  const mismatch = confirma !== '' && confirma !== novasenha;
  const busy = mutation.isPending;
  const disabled = busy || done || novasenha === '' || confirma !== novasenha;

  const onSubmit = handleSubmit(async (values) => {
    if (values.novasenha !== values.confirma) return;
    showErro(null);
    try {
      await mutation.mutateAsync({ email, senha: values.senha, novasenha: values.novasenha });
      setDone(true);
    } catch (error) {
      // The wrong current password is marked; the alert gives it the focus.
      if (error instanceof TrocaSenhaError && error.campo) setError(error.campo, { type: 'server' });
      showErro({
        color: 'red',
        text: error instanceof TrocaSenhaError ? error.message : `${MSG_CONTA.erroCadastro}`,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Alterar Senha">
      <Stack gap="md">
        <PasswordInput
          label="Senha atual"
          autoComplete="current-password"
          visibilityToggleButtonProps={passwordToggle}
          data-autofocus
          error={Boolean(errors.senha)}
          // Mantine's PasswordInput does not pass `error` on as aria-invalid.
          aria-invalid={Boolean(errors.senha)}
          {...senha}
        />
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          visibilityToggleButtonProps={passwordToggle}
          {...register('novasenha')}
        />
        <PasswordInput
          label="Confirma nova senha"
          autoComplete="new-password"
          visibilityToggleButtonProps={passwordToggle}
          error={mismatch ? MSG_CONTA.senhaNaoConfere : undefined}
          aria-invalid={mismatch}
          {...register('confirma')}
        />
        {/* Next to the buttons, where the person is (issue 35). */}
        <FormAlert
          message={done ? MSG_CONTA.senhaAlterada : null}
          tone="success"
          data-testid="senha-mensagem"
        />
        <FormAlert
          message={erro?.text ?? null}
          seq={erro?.seq}
          onClose={hideErro}
          closeAfterMs={MESSAGE_MS}
          data-testid="senha-mensagem"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" disabled={disabled} aria-busy={busy}>
            {busy ? 'Enviando...' : 'Salvar nova senha'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
