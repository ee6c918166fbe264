import { Stack } from '@mantine/core';
import { PageTitle } from '@/components/page-title';
import { useSession } from '@/lib/session';
import { KeysSection } from './keys-section';
import { WebhooksSection } from './webhooks-section';

/**
 * /parceiro/integracao (issue 39): the door for the shop's systems — API keys for its sales,
 * and webhooks that tell its systems what happened.
 */
export function IntegrationScreen() {
  const session = useSession();
  const shops = Object.entries(session?.estabelecimentos ?? {}).map(([value, label]) => ({ value, label }));
  return (
    <Stack gap="lg">
      <PageTitle>Integração</PageTitle>
      <KeysSection shops={shops} />
      <WebhooksSection shops={shops} />
    </Stack>
  );
}

/** /admin/webhooks: the city's webhooks (the same section, for the whole city). */
export function AdminWebhooksScreen() {
  return (
    <Stack gap="lg">
      <PageTitle>Webhooks</PageTitle>
      <WebhooksSection shops={null} heading={false} />
    </Stack>
  );
}
