import { PartnerShopScreen } from '../components/partner-shop-screen';

/** /parceiro/estabelecimento: the partner's own shops and their form (issue 35). */
export function Component() {
  return <PartnerShopScreen />;
}
