import { PromotionScreen } from '../components/promotion-screen';

/** /admin/promocoes: promotions of the admin city's shops and their dialog (spec §2). */
export function Component() {
  return <PromotionScreen />;
}
