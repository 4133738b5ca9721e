import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { $currentSite } from '../../stores/site.ts';
import { BASE_PATH } from '../../../shared/constants.ts';
import { $reviewCount, refreshReviewCount } from '../../stores/review-count.ts';
import './review-badge.css';

const REVIEWS_PATH = `${BASE_PATH}workflow/review`;

/**
 * The navbar's link to My Reviews with how many reviews wait for the user on the current site;
 * asked again when the site changes (My Reviews asks after each decision). The navbar draws it
 * only for holders of workflow:review:view with a current site, and loads it lazily. It draws
 * from the shell's texts and stores only: the review screens' texts and API client sit in the
 * editors' chunks, 20 KiB a page would load for a count.
 */
export default function ReviewBadge() {
  const t = useT(shell);
  const site = useStore($currentSite);
  const count = useStore($reviewCount);
  useEffect(() => {
    void refreshReviewCount();
  }, [site]);
  const label = count ? t('header.reviewsWaiting', { count }) : t('header.reviewsNone');
  return (
    <a className="shell-tool review-badge" href={REVIEWS_PATH} title={label} aria-label={label} data-testid="review-badge">
      <i className="pi pi-check-square" aria-hidden="true" />
      {count ? <span className="review-badge-count" data-testid="review-badge-count">{count > 99 ? '99+' : count}</span> : null}
    </a>
  );
}
