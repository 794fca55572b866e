import { useRef, type FocusEvent, type ReactNode } from 'react';
import type { ProductSummary } from '../../../shared/schemas/catalog.js';
import { Icon } from '../../ui/Icon.js';
import { ProductCard } from './ProductCard.js';
import type { ImagePriority } from './ProductImage.js';
import { useAutoScroll } from './useAutoScroll.js';
import { useSlicedCount } from './useSlicedCount.js';
import styles from './HorizontalScroller.module.css';

interface HorizontalScrollerProps {
  /** Accessible name of the list, e.g. the category. */
  label: string;
  items: readonly ProductSummary[];
  /** The TOP strip scrolls itself; hovering, focusing or touching it pauses. */
  autoScroll?: boolean;
  /** Shown after the cards, e.g. a "See all" tile. */
  trailing?: ReactNode;
  /** How the pictures a screen shows before scrolling load (the rest are lazy): 'high' for the first row. */
  firstImages?: ImagePriority;
}

/** Cards in view before any scrolling: one or two on a phone, four or five on a wide screen. */
const FIRST_VISIBLE_CARDS = 4;
/** Cards rendered with the first paint; the rest follow in slices of the page's deferred rendering. */
const FIRST_RENDERED_CARDS = 6;
/** Cards added per slice (sliceQueue.ts): a wide screen's row, small enough to lay out in one short task. */
const CARDS_PER_SLICE = 6;

/** A swipeable row of product cards with arrow buttons on wide screens. */
export function HorizontalScroller({
  label,
  items,
  autoScroll = false,
  trailing,
  firstImages = 'lazy',
}: HorizontalScrollerProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const shown = useSlicedCount(items.length, FIRST_RENDERED_CARDS, CARDS_PER_SLICE, 'cards');
  // Hover, focus, a touch, an open modal or an off-screen strip pause it without re-rendering the cards.
  useAutoScroll(trackRef, autoScroll);

  // A card that takes the keyboard focus comes wholly into view: the browser scrolls only as far as
  // the focused title, or not at all when part of it shows, so the card stayed half off the row's edge.
  // The TOP strip's own motion has stopped by now (useAutoScroll pauses on focusin before this runs).
  const revealFocused = (event: FocusEvent<HTMLUListElement>) => {
    const item = (event.target as Element).closest('li');
    if (item && event.currentTarget.contains(item))
      item.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const scrollByPage = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (track) track.scrollBy({ left: direction * track.clientWidth * 0.85, behavior: 'smooth' });
  };

  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={`${styles.arrow} ${styles.prev}`}
        onClick={() => scrollByPage(-1)}
        aria-label={`Scroll ${label} left`}
        tabIndex={-1}
      >
        <Icon name="chevronLeft" />
      </button>
      <ul
        ref={trackRef}
        className={`${styles.track} ${autoScroll ? styles.moving : styles.snap}`}
        aria-label={label}
        onFocus={revealFocused}
      >
        {items.slice(0, shown).map((product, index) => (
          <li key={product.id} className={styles.item}>
            <ProductCard
              product={product}
              imagePriority={index < FIRST_VISIBLE_CARDS ? firstImages : 'lazy'}
            />
          </li>
        ))}
        {trailing && shown === items.length && <li className={styles.item}>{trailing}</li>}
      </ul>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        onClick={() => scrollByPage(1)}
        aria-label={`Scroll ${label} right`}
        tabIndex={-1}
      >
        <Icon name="chevronRight" />
      </button>
    </div>
  );
}
