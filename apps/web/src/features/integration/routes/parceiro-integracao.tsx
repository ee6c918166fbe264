import { IntegrationScreen } from '../components/integration-screen';

/** /parceiro/integracao: API keys and webhooks of the partner's shops (issue 39). */
export function Component() {
  return <IntegrationScreen />;
}
