import { CampaignScreen } from '../components/campaign-screen';

/** /admin/campanha: the admin city's campaigns and their dialog (spec §2). */
export function Component() {
  return <CampaignScreen />;
}
