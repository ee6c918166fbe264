import { Stack } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { NotificationList } from '../components/notification-list';
import { PushOptIn } from '../components/push-opt-in';

/** /notificacao (spec §2): the person's notifications and the push opt-in of this device. */
export function Component() {
  return (
    <Stack gap="md">
      <PageTitle>Notificações</PageTitle>
      <PushOptIn />
      <NotificationList />
    </Stack>
  );
}
