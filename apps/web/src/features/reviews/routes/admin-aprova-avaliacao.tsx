import { ReviewsModeration } from '../components/reviews-moderation';
import { useAdminCity } from '@/lib/admin-city';

/** Aprova Avaliação for admins: the pending reviews of the admin city (spec §6). */
export function Component() {
  const [codCidade] = useAdminCity();
  return <ReviewsModeration codCidade={codCidade} />;
}
