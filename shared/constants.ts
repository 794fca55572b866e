/** Business constants of docs/product.md §9. */
export const PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const TOP_PRODUCTS_COUNT = 25;
/** How many products a sub-category row shows before "see all" (the grid). */
export const ROW_PREVIEW_COUNT = 12;
export const SWIPE_THRESHOLD_PX = 50;
export const IMAGE_FADE_MS = 150;
export const AUTO_SCROLL_STEP_PX = 1;
export const AUTO_SCROLL_INTERVAL_MS = 20;
export const SCROLL_TOP_THRESHOLD_PX = 200;
/**
 * The widths the server makes smaller copies of product images in (GET /images/{folder}/{id}/w/{width}/{n}.webp):
 * a fixed list, so nobody can make it encode and store an image per width they care to ask for.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 240, 320, 480, 640, 960, 1280] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
/** What a product card offers the browser: a card is at most ~260 CSS px wide, so 480 covers a 2x screen. */
export const CARD_IMAGE_WIDTHS = [160, 240, 320, 480] as const satisfies readonly ImageVariantWidth[];
/** How wide a card draws its picture: rows draw a card 220 px wide; the phone grid two to a row; wider grids up to about 260 px. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 50vw, 260px';
/**
 * The `<script type="application/json">` a shop page's HTML carries the overview it asks for first in
 * (server/modules/seo/first-view.ts writes it, client/endpoints/initialData.ts reads it once).
 */
export const INITIAL_OVERVIEW_ELEMENT_ID = 'initial-catalog-overview';
export const TYPING_STOP_MS = 2000;
export const LAST_MESSAGE_PREVIEW_LENGTH = 50;
/** docs/product.md §5 / issue 8: a chat message's text limit and images per message (here, not in the zod schemas, so the chat bundle stays free of zod). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_MAX_IMAGES = 10;
export const RATING_MAX = 5;
export const SEARCH_MAX_LENGTH = 200;
/** Longest title or category name an admin may enter; a category filter takes the same. */
export const NAME_MAX_LENGTH = 300;
export const SUGGESTION_CLOSE_DELAY_MS = 100;
/** How many units of one cart line a buyer may hold or buy at once. */
export const MAX_LINE_QUANTITY = 99;
/** Most lines one "Checkout all" may buy (issue 18); the rest of a longer cart stays in it. */
export const MAX_CART_CHECKOUT_LINES = 20;
