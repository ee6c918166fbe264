import { ReviewsModeration } from '../components/reviews-moderation';

/** Aprova Avaliação for partners: the pending reviews of all the partner's shops. */
export function Component() {
  return <ReviewsModeration />;
}
