/**
 * The shop registry: every difference between the four shops lives here as data.
 * Screens and routes read flags from an entry; none of them branches on a shop's name.
 */
export const SHOP_KEYS = ['default', 'ayz', 'pc', 'smart'] as const;
export type ShopKey = (typeof SHOP_KEYS)[number];

/** Sort modes of SPEC §4; `stock` is the open-box default order. */
export const SORT_MODES = ['title', 'views', 'rating', 'price_asc', 'price_desc', 'stock'] as const;
export type SortMode = (typeof SORT_MODES)[number];

export interface ShopConfig {
  key: ShopKey;
  /** Name in the top navigation bar. */
  name: string;
  route: string;
  adminRoute: string;
  /** Title of the shop's admin screen. */
  adminTitle: string;
  /** Label of the shop in the admin navigation select. */
  adminNavLabel: string;
  /** Folder below DATA_DIR/images and /images. */
  imageFolder: string;
  /** Path segment SPEC §7 uses for this shop in PUT /api/edit-product/{shop}/{id}. */
  editPathSegment: string;
  /** 'affiliate' shops link out to a retailer; 'openbox' sells conditions through the cart. */
  kind: 'affiliate' | 'openbox';
  /** Sort modes offered in the sidebar, in order; empty means no sort section. */
  sorts: readonly SortMode[];
  /** The order used when the visitor chose no sort. */
  defaultSort: SortMode;
  hasRating: boolean;
  hasAvailability: boolean;
  /** Whether products carry an external buy link. */
  hasLink: boolean;
  hasConditions: boolean;
  showTopProducts: boolean;
  /** PC Build: typical and current totals per sub-category in the sidebar. */
  showCategoryTotals: boolean;
  /** Whether the shop route is wrapped in the sign-in guard (SPEC §2). */
  guarded: boolean;
  /** GET /api/products answers { products, categories } rather than a bare list (SPEC §7). */
  listIncludesCategories: boolean;
  /** The shop sells on site: its admin links to the marketplace orders (/orders). */
  hasOrders: boolean;
  /** The header carries the cart badge and the account control. */
  hasCart: boolean;
}

const AFFILIATE_SORTS = ['title', 'views', 'rating', 'price_asc', 'price_desc'] as const;

export const SHOPS: Record<ShopKey, ShopConfig> = {
  default: {
    key: 'default',
    name: 'Referrals Shop',
    route: '/refferals',
    adminRoute: '/admin',
    adminTitle: 'Referrals Shop Admin Panel',
    adminNavLabel: 'Referrals Shop',
    imageFolder: 'Products',
    editPathSegment: 'products',
    kind: 'affiliate',
    sorts: AFFILIATE_SORTS,
    defaultSort: 'title',
    hasRating: true,
    hasAvailability: true,
    hasLink: true,
    hasConditions: false,
    showTopProducts: true,
    showCategoryTotals: false,
    guarded: false,
    listIncludesCategories: false,
    hasOrders: false,
    hasCart: false,
  },
  ayz: {
    key: 'ayz',
    name: 'Open Box Store',
    route: '/',
    adminRoute: '/ayzadmin',
    adminTitle: 'AYZ Admin Panel',
    adminNavLabel: 'AYZ Shop',
    imageFolder: 'AYZProducts',
    editPathSegment: 'ayz',
    kind: 'openbox',
    sorts: ['title', 'views', 'price_asc', 'price_desc'],
    defaultSort: 'stock',
    hasRating: false,
    hasAvailability: false,
    hasLink: false,
    hasConditions: true,
    showTopProducts: true,
    showCategoryTotals: false,
    guarded: true,
    listIncludesCategories: false,
    hasOrders: true,
    hasCart: true,
  },
  pc: {
    key: 'pc',
    name: 'PC Build',
    route: '/pcshop',
    adminRoute: '/pcadmin',
    adminTitle: 'PC Admin Panel',
    adminNavLabel: 'PC Shop',
    imageFolder: 'PCProducts',
    editPathSegment: 'pc',
    kind: 'affiliate',
    sorts: [],
    defaultSort: 'title',
    hasRating: true,
    hasAvailability: true,
    hasLink: true,
    hasConditions: false,
    showTopProducts: false,
    showCategoryTotals: true,
    guarded: false,
    listIncludesCategories: true,
    hasOrders: false,
    hasCart: false,
  },
  smart: {
    key: 'smart',
    name: 'Smart Shop',
    route: '/smartshop',
    adminRoute: '/smartadmin',
    adminTitle: 'Smart Shop Admin Panel',
    adminNavLabel: 'Smart Shop',
    imageFolder: 'SmartProducts',
    editPathSegment: 'smart',
    kind: 'affiliate',
    sorts: AFFILIATE_SORTS,
    defaultSort: 'title',
    hasRating: true,
    hasAvailability: true,
    hasLink: true,
    hasConditions: false,
    showTopProducts: true,
    showCategoryTotals: false,
    guarded: false,
    listIncludesCategories: true,
    hasOrders: false,
    hasCart: false,
  },
};

/** Order of the links in the top navigation bar (SPEC §1). */
export const NAV_ORDER: readonly ShopKey[] = ['default', 'ayz', 'pc', 'smart'];

export const SORT_LABELS: Record<SortMode, string> = {
  title: 'All Products',
  views: 'Most Viewed',
  rating: 'Top Rated',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  stock: 'All Products',
};

/** The open-box conditions of SPEC §3, best last, with what the condition dropdown shows. */
export const CONDITIONS = ['acceptable', 'good', 'verygood', 'excellent'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const CONDITION_INFO: Record<Condition, { label: string; emoji: string }> = {
  acceptable: { label: 'Acceptable', emoji: '🟠' },
  good: { label: 'Good', emoji: '🟡' },
  verygood: { label: 'Very Good', emoji: '🟢' },
  excellent: { label: 'Excellent', emoji: '💎' },
};

/** External marketplaces an open-box product may also be listed on (SPEC §2). */
export const MARKETPLACES = [
  { field: 'ebay', label: 'eBay' },
  { field: 'facebook_marketplace', label: 'Facebook Marketplace' },
  { field: 'offer_up', label: 'OfferUp' },
  { field: 'mercari_marketplaces', label: 'Mercari' },
] as const;
export type MarketplaceField = (typeof MARKETPLACES)[number]['field'];
