import type { ReviewModel } from '../../resolver';
import { ShellLink } from '../shared/ShellLink';
import { footerTapProps, type OnFooterLinkTap } from './footer-tap';
import { StarRating } from './StarRating';

export interface ReviewStripProps {
  review: ReviewModel;
  /** Reports a tap with section `review`. */
  onLinkTap?: OnFooterLinkTap;
}

/** Review score strip: stars plus "4.5 out of 5 · 8,930 reviews", linking to the review site. */
export function ReviewStrip({ review, onLinkTap }: ReviewStripProps) {
  return (
    <ShellLink
      link={review.link}
      {...footerTapProps(onLinkTap, { href: review.link.href, label: review.text, section: 'review' })}
      className="ps-review-strip"
      data-testid="review-strip"
      data-bucket={review.bucket}
    >
      <span className="ps-review-strip__stars">
        <StarRating stars={review.stars} />
      </span>
      <span>{review.text}</span>
    </ShellLink>
  );
}
