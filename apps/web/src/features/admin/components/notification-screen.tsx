import { useId, useState } from 'react';
import { Box, Button, Group, Loader, Paper, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { EditorErrorAlert, useEditorError } from '@/components/editor-dialog';
import { ImageUpload } from '@/components/image-upload';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useAdminCity } from '@/lib/admin-city';
import { useSession } from '@/lib/session';
import { useAdminCidades } from '../api/get-admin-cidades';
import { AdminCityPrompt, type AdminListNoun } from './admin-list';
import {
  ALVOS_PUSH,
  DESTINOS,
  messageCounter,
  messageTooLong,
  newNotificationValues,
  sentText,
  toNotificationRequest,
  type NotificationField,
  type NotificationFormValues,
} from './notification-form';
import { useSendNotificacao } from './notification-send';

export const NOTIFICATION_TITLE = 'Notificação';
export const SENDING_TEXT = 'Enviando notificação…';
/** The notification image's box (spec §9). */
export const NOTIFICATION_IMAGE_SIZE = { largura: 200, altura: 200 };

const NOUN: AdminListNoun = { article: 'as', plural: 'notificações' };

/** 'Santos - SP' for the read-only city field: the super-admin's list, else the session's city. */
function useCityName(codCidade: number): string {
  const session = useSession();
  const cidades = useAdminCidades(Boolean(session?.superadmin));
  const found = cidades.data?.find((c) => c.cod_cidade === codCidade);
  if (found) return `${found.cidade} - ${found.uf}`;
  if (session && session.cod_cidade === codCidade && session.cidade) {
    return session.uf ? `${session.cidade} - ${session.uf}` : session.cidade;
  }
  return String(codCidade);
}

/**
 * /admin/notificacao (spec §2 Push notification form, §4 push send flow): title, message with a
 * live counter to 2,000, a 200 × 200 image, who gets it and whose devices get the push. The
 * admin city is where it goes. 202 goes back to the dashboard with the counts in a toast.
 */
export function NotificationScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  if (codCidade <= 0) return <AdminCityPrompt title={NOTIFICATION_TITLE} canChoose={canChoose} noun={NOUN} />;
  return <NotificationForm key={codCidade} codCidade={codCidade} />;
}

function NotificationForm({ codCidade }: { codCidade: number }) {
  const navigate = useNavigate();
  const cityName = useCityName(codCidade);
  const [values, setValues] = useState<NotificationFormValues>(newNotificationValues);
  const [invalid, setInvalid] = useState<NotificationField | null>(null);
  const { error, show, clear } = useEditorError();
  const send = useSendNotificacao();
  const busy = send.isPending;
  const counterId = useId();
  const tooLong = messageTooLong(values.body);

  const setField = <K extends keyof NotificationFormValues>(key: K, value: NotificationFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setInvalid((f) => (f === key ? null : f));
  };

  function submit() {
    if (busy) return;
    const checked = toNotificationRequest(values, codCidade);
    if (!checked.ok) {
      setInvalid(checked.campo ?? null);
      show(checked.erro);
      return;
    }
    setInvalid(null);
    clear();
    send.mutate(checked.request, {
      onSuccess: (result) => {
        notifications.show({
          color: result.falhas > 0 ? 'yellow' : 'praca',
          message: sentText(result),
          autoClose: 8000,
          closeButtonProps: { 'aria-label': 'Fechar aviso' },
        });
        void navigate(paths.admin.home);
      },
      onError: (e) => show(e.message),
    });
  }

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{NOTIFICATION_TITLE}</PageTitle>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form
          noValidate
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <EditorErrorAlert error={error} onClose={clear} />
            <TextInput label="Cidade" value={cityName} readOnly />
            <TextInput
              label="Título"
              withAsterisk
              maxLength={120}
              value={values.title}
              onChange={(e) => setField('title', e.currentTarget.value)}
              error={invalid === 'title'}
              disabled={busy}
            />
            <Box>
              <Textarea
                label="Mensagem"
                withAsterisk
                autosize
                minRows={4}
                maxRows={12}
                value={values.body}
                onChange={(e) => setField('body', e.currentTarget.value)}
                error={invalid === 'body' || tooLong}
                aria-describedby={counterId}
                disabled={busy}
              />
              <Text
                id={counterId}
                size="xs"
                ta="right"
                mt={4}
                c={tooLong ? 'red.9' : 'dimmed'}
                fw={tooLong ? 700 : undefined}
                data-testid="contador-mensagem"
              >
                {messageCounter(values.body)}
                {tooLong ? ' · máximo excedido' : null}
              </Text>
            </Box>
            <ImageUpload
              label="Imagem"
              dir="users"
              size={NOTIFICATION_IMAGE_SIZE}
              value={values.image}
              onChange={(path) => setField('image', path)}
              previewWidth={120}
              previewHeight={120}
              description="Imagem de 200 × 200 pixels"
              disabled={busy}
            />
            <Radio.Group
              label="Enviar para"
              description="Quem recebe a notificação no aplicativo"
              value={values.destino}
              onChange={(v) => setField('destino', v as NotificationFormValues['destino'])}
            >
              <Group gap="lg" mt={6}>
                {DESTINOS.map((d) => (
                  <Radio key={d.value} value={d.value} label={d.label} disabled={busy} />
                ))}
              </Group>
            </Radio.Group>
            <Radio.Group
              label="Push para"
              description="De quem os aparelhos recebem o aviso push"
              value={values.push}
              onChange={(v) => setField('push', v as NotificationFormValues['push'])}
            >
              <Group gap="lg" mt={6}>
                {ALVOS_PUSH.map((d) => (
                  <Radio key={d.value} value={d.value} label={d.label} disabled={busy} />
                ))}
              </Group>
            </Radio.Group>
            <Group justify="flex-end" gap="sm">
              <div role="status" aria-live="polite">
                {busy ? (
                  <Group gap={6}>
                    <Loader size="xs" />
                    <Text size="sm">{SENDING_TEXT}</Text>
                  </Group>
                ) : null}
              </div>
              <Button type="submit" disabled={busy}>
                Enviar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
