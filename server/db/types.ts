import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Prices are integer cents; timestamps ISO-8601 text, so both dialects compare and sort them alike. */
export interface ProductsTable {
  shop: string;
  id: number;
  title: string;
  /**
   * The title case-folded in JavaScript, kept by the catalogue repository: SQLite's lower() folds ASCII
   * only, so searching this column is what makes "écran" find "Écran" on both databases (SPEC §5).
   */
  title_folded: Generated<string>;
  main_category: string;
  category: string;
  /** Affiliate shops: the price. Open box: the lowest positive condition price, kept by the repository. */
  price_cents: number;
  typical_price_cents: number;
  rate: number;
  availability: 'YES' | 'NO';
  link: string;
  description: string;
  view_count: Generated<number>;
  image_count: number;
  store: string;
  ebay: string;
  facebook_marketplace: string;
  offer_up: string;
  mercari_marketplaces: string;
  /** Open box: total available quantity across conditions, kept by the repository for the stock order. */
  stock_quantity: number;
  created_at: string;
  updated_at: string;
}

export interface ProductConditionsTable {
  shop: string;
  product_id: number;
  condition: string;
  price_cents: number;
  available_quantity: number;
}

export interface AdminSessionsTable {
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** Every login attempt is recorded before the password is checked; a success deletes its address's rows. */
export interface LoginFailuresTable {
  attempt_id: string;
  address: string;
  failed_at: string;
}

export interface Database {
  products: ProductsTable;
  product_conditions: ProductConditionsTable;
  admin_sessions: AdminSessionsTable;
  login_failures: LoginFailuresTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductRowUpdate = Updateable<ProductsTable>;
export type ProductConditionRow = Selectable<ProductConditionsTable>;
