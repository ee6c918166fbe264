import { useEffect, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { MSG_NOTIFICACAO } from '@praca/contract/plain';
import { describeError } from '@/lib/api-client';
import { checkPushSupport, currentPushState, enablePush, type PushState } from '@/lib/push';

export const ENABLE_PUSH = 'Ativar notificações neste aparelho';
export const PUSH_ON = 'Notificações neste aparelho: ativado';
export const PUSH_OFF = 'Notificações neste aparelho: não ativado';
const PUSH_ENABLE_ERROR = 'Não foi possível ativar as notificações';
const PUSH_DENIED_HINT =
  'Para recebê-las, permita as notificações deste site nas configurações do navegador.';

/**
 * 'Ativar notificações neste aparelho' (spec §4 push permission): the browser asks the
 * permission from the click itself, then the subscription goes to the API. Without support
 * the console warns (spec §8) and the page says so instead of offering the button.
 */
export function PushOptIn() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!checkPushSupport()) {
      setState('indisponivel');
      return;
    }
    let alive = true;
    void currentPushState().then((s) => {
      if (alive) setState(s);
    });
    return () => {
      alive = false;
    };
  }, []);

  function activate() {
    setError(null);
    setBusy(true);
    // Called straight from the click: the permission prompt needs the user gesture.
    enablePush()
      .then(setState)
      .catch((e: unknown) => {
        console.warn('[push]', e);
        setError(`${PUSH_ENABLE_ERROR}: ${describeError(e, 'tente novamente em instantes')}`);
      })
      .finally(() => setBusy(false));
  }

  if (state === null) return null;

  let content;
  if (state === 'indisponivel') {
    content = <Text size="sm">{MSG_NOTIFICACAO.naoSuportado}.</Text>;
  } else if (state === 'negado') {
    content = (
      <>
        <Text size="sm" fw={600}>
          {PUSH_OFF}
        </Text>
        <Text size="sm" c="red.9">
          {MSG_NOTIFICACAO.permissaoNegada}. {PUSH_DENIED_HINT}
        </Text>
      </>
    );
  } else {
    content = (
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600}>
          {state === 'ativado' ? PUSH_ON : PUSH_OFF}
        </Text>
        {state === 'ativado' ? null : (
          <Button size="sm" onClick={activate} loading={busy}>
            {ENABLE_PUSH}
          </Button>
        )}
      </Group>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Stack gap={6}>
        {content}
        <div role="status" aria-live="polite">
          {error ? (
            <Text size="sm" c="red.9">
              {error}
            </Text>
          ) : null}
        </div>
      </Stack>
    </Paper>
  );
}
