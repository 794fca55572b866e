import { SCROLL_TOP_THRESHOLD_PX } from '../../shared/constants.js';
import { Icon } from './Icon.js';
import { useCornerButton } from './useCornerButton.js';
import { scrollToTop, useScrolledPast } from './useWindowScroll.js';
import styles from './ScrollToTopButton.module.css';

/** Appears after scrolling more than 200 px (docs/product.md §2). */
export function ScrollToTopButton() {
  const visible = useScrolledPast(SCROLL_TOP_THRESHOLD_PX);
  // From the start, not once it shows: the page must not grow under a reader who jumped to its end.
  useCornerButton('scroll-top');
  if (!visible) return null;
  return (
    <button type="button" className={styles.button} onClick={scrollToTop} aria-label="Scroll to top">
      <Icon name="arrowUp" />
    </button>
  );
}
