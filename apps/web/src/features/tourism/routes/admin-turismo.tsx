import { TourismScreen } from '../components/tourism-screen';

/** /admin/turismo: the admin city's tourism guide and its dialog (spec §2, issue 7). */
export function Component() {
  return <TourismScreen />;
}
