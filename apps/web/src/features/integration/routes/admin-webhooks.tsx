import { AdminWebhooksScreen } from '../components/integration-screen';

/** /admin/webhooks: the city's webhooks (issue 39). */
export function Component() {
  return <AdminWebhooksScreen />;
}
