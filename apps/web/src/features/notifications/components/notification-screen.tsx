import { useId } from 'react';
import { Box, Button, Group, Loader, Paper, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EditorErrorAlert, useEditorError } from '@/components/editor/editor-dialog';
import { useContractForm } from '@/components/editor/use-contract-form';
import { pictureField } from '@/components/editor/fields';
import { ImageUpload } from '@/components/image-upload';
import { useAdminCityName } from '@/lib/api/get-admin-cidades';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useAdminCity } from '@/lib/admin-city';
import { AdminCityPrompt, type AdminListNoun } from '@/components/admin-list/admin-list';
import {
  ALVOS_PUSH,
  DESTINOS,
  messageCounter,
  messageTooLong,
  newNotificationValues,
  sentText,
  toNotificationRequest,
  type NotificationFormValues,
} from './notification-form';
import { useSendNotificacao } from '../api/send-notificacao';
import { enviosQueryKey } from '../api/get-envios';
import { SendHistory } from './send-history';

const NOTIFICATION_TITLE = 'Notificação';
const SENDING_TEXT = 'Enviando notificação…';
/** The notification image's box (spec §9). */
const NOTIFICATION_PICTURE = pictureField('users', [200, 200], [120, 120]);

const NOUN: AdminListNoun = { article: 'as', plural: 'notificações' };

/**
 * /admin/notificacao (spec §2 Push notification form, §4 push send flow): title, message with a
 * live counter to 2,000, a 200 × 200 image, who gets it and whose devices get the push. The
 * admin city is where it goes. A 202 goes back to the dashboard with the counts in a toast
 * (spec §4, step 5); the pushes go out in the background, and the history below this form shows
 * their progress while they run (issue 38).
 */
export function NotificationScreen() {
  const [city, canChoose] = useAdminCity();
  const codCidade = Number(city) || 0;
  if (codCidade <= 0) return <AdminCityPrompt title={NOTIFICATION_TITLE} canChoose={canChoose} noun={NOUN} />;
  return <NotificationForm key={codCidade} codCidade={codCidade} />;
}

function NotificationForm({ codCidade }: { codCidade: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cityName = useAdminCityName(codCidade);
  const { error, show, clear } = useEditorError();
  const send = useSendNotificacao();
  const busy = send.isPending;
  const counterId = useId();
  const { values, text, control, mark, setField, save } = useContractForm({
    initial: newNotificationValues(),
    check: (v: NotificationFormValues) => toNotificationRequest(v, codCidade),
    show,
    busy,
    onValid: (request) => {
      clear();
      send.mutate(request, {
        onSuccess: (result) => {
          (result.falhas > 0 ? notifyWarning : notifySuccess)(sentText(result), { autoClose: 8000 });
          void queryClient.invalidateQueries({ queryKey: enviosQueryKey(codCidade) });
          void navigate(paths.admin.home);
        },
        onError: (e) => show(e.message),
      });
    },
  });
  const body = values?.body ?? '';
  const tooLong = messageTooLong(body);

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{NOTIFICATION_TITLE}</PageTitle>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form
          noValidate
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) save();
          }}
        >
          <Stack gap="md">
            <TextInput label="Cidade" value={cityName} readOnly />
            <TextInput label="Título" withAsterisk maxLength={120} {...text('title')} />
            <Box>
              <Textarea
                label="Mensagem"
                withAsterisk
                autosize
                minRows={4}
                maxRows={12}
                {...text('body')}
                error={mark('body') || tooLong}
                aria-describedby={counterId}
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
                {messageCounter(body)}
                {tooLong ? ' · máximo excedido' : null}
              </Text>
            </Box>
            <ImageUpload label="Imagem" {...NOTIFICATION_PICTURE} {...control('image')} />
            <Radio.Group
              label="Enviar para"
              description="Quem recebe a notificação no aplicativo"
              value={values?.destino}
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
              value={values?.push}
              onChange={(v) => setField('push', v as NotificationFormValues['push'])}
            >
              <Group gap="lg" mt={6}>
                {ALVOS_PUSH.map((d) => (
                  <Radio key={d.value} value={d.value} label={d.label} disabled={busy} />
                ))}
              </Group>
            </Radio.Group>
            {/* Next to Enviar, where the person is (issue 35). */}
            <EditorErrorAlert error={error} onClose={clear} />
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
      <SendHistory codCidade={codCidade} />
    </Stack>
  );
}
