/**
 * The shop registry: every difference between the four shops lives here as data.
 * Screens and routes read flags from an entry; none of them branches on a shop's name.
 */
/** The site's name: og:site_name, and the title of pages that belong to no shop. */
export const SITE_NAME = 'AYZ Storefront';

export const SHOP_KEYS = ['default', 'ayz', 'pc', 'smart'] as const;
export type ShopKey = (typeof SHOP_KEYS)[number];

/** Sort modes of docs/product.md §4; `stock` is the open-box default order. */
export const SORT_MODES = ['title', 'views', 'rating', 'price_asc', 'price_desc', 'stock'] as const;
export type SortMode = (typeof SORT_MODES)[number];

export const SHOP_SELLING = ['links-out', 'on-site'] as const;
export type ShopSelling = (typeof SHOP_SELLING)[number];

export interface ShopConfig {
  key: ShopKey;
  /** Name in the top navigation bar. */
  name: string;
  /** The shop page's <title> and og:title, put in the HTML by the server (server/modules/seo). */
  seoTitle: string;
  /** The shop page's meta description and og:description (at most ~160 characters). */
  seoDescription: string;
  route: string;
  adminRoute: string;
  /** Title of the shop's admin screen. */
  adminTitle: string;
  /** Label of the shop in the admin navigation select. */
  adminNavLabel: string;
  /** Folder below DATA_DIR/images and /images. */
  imageFolder: string;
  /** Path segment docs/product.md §7 uses for this shop in PUT /api/edit-product/{shop}/{id}. */
  editPathSegment: string;
  /**
   * How the shop sells, the one real difference between the shops' buying: 'links-out' shops send the
   * visitor to a retailer's page; an 'on-site' shop sells graded open-box units (conditions) through
   * its own cart, checkout, orders and seller chat. Its products are the 'openbox' kind, the others'
   * 'affiliate'.
   */
  sells: ShopSelling;
  /** Sort modes offered in the sidebar, in order; empty means no sort section. */
  sorts: readonly SortMode[];
  /** The order used when the visitor chose no sort. */
  defaultSort: SortMode;
  hasRating: boolean;
  hasAvailability: boolean;
  /** Whether products carry an external buy link. */
  hasLink: boolean;
  showTopProducts: boolean;
  /** PC Build: typical and current totals per sub-category in the sidebar. */
  showCategoryTotals: boolean;
  /** Whether the shop route is wrapped in the sign-in guard (docs/product.md §2). */
  guarded: boolean;
  /** GET /api/products answers { products, categories } rather than a bare list (docs/product.md §7). */
  listIncludesCategories: boolean;
  /** Prices are copied from a retailer: the modal says 'Price as of <date of the last update>'. */
  showsPriceDate: boolean;
}

const AFFILIATE_SORTS = ['title', 'views', 'rating', 'price_asc', 'price_desc'] as const;

export const SHOPS: Record<ShopKey, ShopConfig> = {
  default: {
    key: 'default',
    name: 'Referrals Shop',
    seoTitle: 'Referrals Shop: hand-picked products at retailer prices',
    seoDescription:
      'Hand-picked headphones, speakers, monitors, tablets, kitchen appliances and more, with typical and current prices, ratings and a link to buy from the retailer.',
    route: '/refferals',
    adminRoute: '/admin',
    adminTitle: 'Referrals Shop Admin Panel',
    adminNavLabel: 'Referrals Shop',
    imageFolder: 'Products',
    editPathSegment: 'products',
    sells: 'links-out',
    sorts: AFFILIATE_SORTS,
    defaultSort: 'title',
    hasRating: true,
    hasAvailability: true,
    hasLink: true,
    showTopProducts: true,
    showCategoryTotals: false,
    guarded: false,
    listIncludesCategories: false,
    showsPriceDate: true,
  },
  ayz: {
    key: 'ayz',
    name: 'Open Box Store',
    seoTitle: 'Open Box Store: graded open-box electronics',
    seoDescription:
      'Open-box electronics graded Excellent, Very Good, Good or Acceptable, bought on site with crypto checkout, order tracking and a chat with the seller.',
    route: '/',
    adminRoute: '/ayzadmin',
    adminTitle: 'AYZ Admin Panel',
    adminNavLabel: 'AYZ Shop',
    imageFolder: 'AYZProducts',
    editPathSegment: 'ayz',
    sells: 'on-site',
    sorts: ['title', 'views', 'price_asc', 'price_desc'],
    defaultSort: 'stock',
    hasRating: false,
    hasAvailability: false,
    hasLink: false,
    showTopProducts: true,
    showCategoryTotals: false,
    guarded: true,
    listIncludesCategories: false,
    showsPriceDate: false,
  },
  pc: {
    key: 'pc',
    name: 'PC Build',
    seoTitle: 'PC Build: processors, graphics cards, memory and storage',
    seoDescription:
      'Parts for your next PC: processors, motherboards, graphics cards, memory, SSDs and hard drives, with typical and current prices and totals per part.',
    route: '/pcshop',
    adminRoute: '/pcadmin',
    adminTitle: 'PC Admin Panel',
    adminNavLabel: 'PC Shop',
    imageFolder: 'PCProducts',
    editPathSegment: 'pc',
    sells: 'links-out',
    sorts: [],
    defaultSort: 'title',
    hasRating: true,
    hasAvailability: true,
    hasLink: true,
    showTopProducts: false,
    showCategoryTotals: true,
    guarded: false,
    listIncludesCategories: true,
    showsPriceDate: true,
  },
  smart: {
    key: 'smart',
    name: 'Smart Shop',
    seoTitle: 'Smart Shop: smart home and wearable gadgets',
    seoDescription:
      'Smart bulbs, plugs, security cameras, watches, rings and fitness trackers, with ratings, typical and current prices and a link to buy from the retailer.',
    route: '/smartshop',
    adminRoute: '/smartadmin',
    adminTitle: 'Smart Shop Admin Panel',
    adminNavLabel: 'Smart Shop',
    imageFolder: 'SmartProducts',
    editPathSegment: 'smart',
    sells: 'links-out',
    sorts: AFFILIATE_SORTS,
    defaultSort: 'title',
    hasRating: true,
    hasAvailability: true,
    hasLink: true,
    showTopProducts: true,
    showCategoryTotals: false,
    guarded: false,
    listIncludesCategories: true,
    showsPriceDate: true,
  },
};

/** Order of the links in the top navigation bar (docs/product.md §1). */
export const NAV_ORDER: readonly ShopKey[] = ['default', 'ayz', 'pc', 'smart'];

export const SORT_LABELS: Record<SortMode, string> = {
  title: 'All Products',
  views: 'Most Viewed',
  rating: 'Top Rated',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  stock: 'All Products',
};

/** The open-box conditions of docs/product.md §3, best last, with what the condition dropdown shows. */
export const CONDITIONS = ['acceptable', 'good', 'verygood', 'excellent'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_INFO: Record<Condition, { label: string; emoji: string }> = {
  acceptable: { label: 'Acceptable', emoji: '🟠' },
  good: { label: 'Good', emoji: '🟡' },
  verygood: { label: 'Very Good', emoji: '🟢' },
  excellent: { label: 'Excellent', emoji: '💎' },
};

function isCondition(key: string): key is Condition {
  return Object.hasOwn(CONDITION_INFO, key);
}

/**
 * A condition as every screen names it: 'Very Good' for the stored key 'verygood'. A key the registry
 * does not know (a row older than it) is shown as stored rather than hidden.
 */
export function conditionLabel(condition: string): string {
  return isCondition(condition) ? CONDITION_INFO[condition].label : condition;
}

/** '🟢 Very Good': the label after its emoji, as the buyer's screens show a condition. */
export function conditionWithEmoji(condition: string): string {
  return isCondition(condition)
    ? `${CONDITION_INFO[condition].emoji} ${CONDITION_INFO[condition].label}`
    : condition;
}

export type SchemaOrgItemCondition =
  `https://schema.org/${'New' | 'Refurbished' | 'Used' | 'Damaged'}Condition`;

/**
 * A condition as schema.org's OfferItemCondition, for the JSON-LD Offer search engines read. Every open-box
 * unit has been opened and is sold as is, so each grade, Excellent included, is UsedCondition: NewCondition
 * would claim a sealed unit and RefurbishedCondition a repair and re-certification that does not happen
 * here, and Google's merchant rules list open-box goods as used. The grade itself goes in the Offer's name.
 */
export const CONDITION_SCHEMA_ORG: Record<Condition, SchemaOrgItemCondition> = {
  acceptable: 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  verygood: 'https://schema.org/UsedCondition',
  excellent: 'https://schema.org/UsedCondition',
};

/** External marketplaces an open-box product may also be listed on (docs/product.md §2). */
export const MARKETPLACES = [
  { field: 'ebay', label: 'eBay' },
  { field: 'facebook_marketplace', label: 'Facebook Marketplace' },
  { field: 'offer_up', label: 'OfferUp' },
  { field: 'mercari_marketplaces', label: 'Mercari' },
] as const;
export type MarketplaceField = (typeof MARKETPLACES)[number]['field'];
