import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.ts';
import review from '../../lib/i18n/ns/review.ts';
import { $currentSite } from '../../stores/site.ts';
import { REVIEWS_PATH } from './review-api.ts';
import { $reviewCount, refreshReviewCount } from '../../stores/review-count.ts';
import './review-badge.css';

/**
 * The navbar's link to My Reviews with how many reviews wait for the user on the current site;
 * asked again when the site changes (My Reviews asks after each decision). The navbar draws it
 * only for holders of workflow:review:view with a current site, and loads it lazily.
 */
export default function ReviewBadge() {
  const t = useT(review);
  const site = useStore($currentSite);
  const count = useStore($reviewCount);
  useEffect(() => {
    void refreshReviewCount();
  }, [site]);
  const label = count ? t('badge.label', { count }) : t('badge.none');
  return (
    <a className="shell-tool review-badge" href={REVIEWS_PATH} title={label} aria-label={label} data-testid="review-badge">
      <i className="pi pi-check-square" aria-hidden="true" />
      {count ? <span className="review-badge-count" data-testid="review-badge-count">{count > 99 ? '99+' : count}</span> : null}
    </a>
  );
}
