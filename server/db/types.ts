import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ProductFieldColumns } from '../../shared/productFields.js';

/**
 * Prices are integer cents; timestamps ISO-8601 text, so both dialects compare and sort them alike.
 * The columns an admin edits (title, prices, link, store, warranty_months…) come from the product-field
 * registry (shared/productFields.ts); these are the ones the system keeps.
 */
export interface ProductsTable extends ProductFieldColumns {
  shop: string;
  id: number;
  /**
   * The title case-folded in JavaScript, kept by the catalogue repository: SQLite's lower() folds ASCII
   * only, so searching this column is what makes "écran" find "Écran" on both databases (docs/product.md §5).
   */
  title_folded: Generated<string>;
  /** Affiliate shops: the price. Open box: the lowest positive condition price, kept by the repository. */
  price_cents: number;
  view_count: Generated<number>;
  image_count: number;
  /** Open box: total available quantity across conditions, kept by the repository for the stock order. */
  stock_quantity: number;
  created_at: string;
  updated_at: string;
  /** Issue 29: 1 while the price is not shown (too old under a price source, or a broken link); the refresh's alone. */
  price_hidden: Generated<number>;
}

export interface ProductConditionsTable {
  shop: string;
  product_id: number;
  condition: string;
  price_cents: number;
  available_quantity: number;
}

/** The latest counted view of a product by one client (a keyed hash of its address or /64). */
export interface ProductViewsTable {
  shop: string;
  product_id: number;
  viewer: string;
  viewed_at: string;
}

/** One counted press of an affiliate product's Buy link (issue 29); repeats within the window are no row. */
export interface ProductClicksTable {
  shop: string;
  product_id: number;
  /** The views' client identity: a keyed hash of the address (an IPv6 client by its /64). */
  clicker: string;
  clicked_at: string;
}

export interface AdminSessionsTable {
  /** HMAC-SHA256 of the token under the credentials' session key; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Fingerprint of the credentials the session was made under; other credentials' sessions are deleted. */
  key_id: string;
}

/** Every login attempt is recorded before the password is checked; a success deletes its address's rows. */
export interface LoginFailuresTable {
  attempt_id: string;
  address: string;
  failed_at: string;
}

/** A buyer, keyed by the identity provider's `sub` (docs/architecture.md §4). */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  picture: string;
  /** 1 (the default) while the buyer wants chat messages they have not read e-mailed to them (0014). */
  chat_emails: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The checkout's shipping fields, as an order stores them and as a buyer's last address keeps them. */
export interface ShippingColumns {
  email: string;
  contact_name: string;
  phone: string;
  address: string;
  city: string;
  state_prov: string;
  postal_code: string;
}

/** The shipping address a buyer used last (0015): written by each purchase, offered in the next checkout. */
export interface ShippingAddressesTable extends ShippingColumns {
  user_id: string;
  updated_at: string;
}

export interface CartItemsTable {
  user_id: string;
  shop: string;
  product_id: number;
  condition: string;
  quantity: number;
  added_at: string;
}

/** One row per purchased cart line; title, condition and unit price are a snapshot taken at purchase. */
export interface OrdersTable extends ShippingColumns {
  id: Generated<number>;
  /** The order's own reference (the product doc's payment_id), sent to the provider as order_id. */
  payment_id: string;
  user_id: string;
  shop: string;
  product_id: number;
  title: string;
  condition: string;
  unit_price_cents: number;
  quantity: number;
  total_cents: number;
  payment_status: string;
  provider: string;
  provider_invoice_id: string | null;
  invoice_url: string | null;
  /** 0/1 flags: better-sqlite3 binds no booleans. */
  shipped: Generated<number>;
  postal_service: Generated<string>;
  tracking_number: Generated<string>;
  /** 1 while the order holds its units; set to 0 exactly once when they go back to stock. */
  stock_reserved: number;
  /** 1 when the order was paid after it expired and its units could not be reserved again (0006). */
  needs_attention: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The "Checkout all" group (grp_…) whose one invoice pays this line; null for a line paid alone (0013). */
  group_id: string | null;
  /** What the provider reported as arrived for the invoice (the group's, when grouped), USD cents (0013). */
  invoice_paid_cents: number | null;
  /** 1 when the money arrived after the hold had expired and the order was revived (0013). */
  paid_late: Generated<number>;
  /** Refunded of this line so far, cents: the sum of its refunds rows (0013). */
  refunded_cents: Generated<number>;
  /** When the seller settled the money of an order that went wrong (a whole refund, or an accept) (0016). */
  settled_at: string | null;
  /** When it was marked sent (null while it is not): the start of its return window (0017). */
  shipped_at: string | null;
  /** Why money a provider reported could not be applied normally, for the seller to settle (0019). */
  attention_reason: string | null;
}

/** What a deleted order or group was, so money its provider still reports can restore it (0019). */
export interface DeletedOrdersTable {
  payment_ref: string;
  provider: string;
  provider_invoice_id: string | null;
  deleted_at: string;
  /** 'buyer' or the admin's actor. */
  deleted_by: string;
  /** The order rows as they were, JSON. */
  lines_json: string;
  restored_at: string | null;
}

/** One movement of money (0016): written in its event's transaction, never changed or deleted. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  at: string;
  kind: 'received' | 'refunded' | 'accepted_short';
  /** The order's payment_id, or its "Checkout all" group's grp_…. */
  payment_ref: string;
  buyer_email: string;
  provider: string;
  amount_cents: number;
  currency: string;
  /** The provider's reference (its invoice), or a refund's note. */
  reference: string;
  /** Who did it, for staff actions (activity's actor); null for what a provider reported. */
  actor: string | null;
}

/** A buyer's return of units of one order line (0016). */
export interface ReturnsTable {
  id: Generated<number>;
  rma: string;
  order_id: number;
  user_id: string;
  quantity: number;
  reason: string;
  note: string;
  status: 'requested' | 'approved' | 'rejected' | 'received' | 'refunded';
  instructions: Generated<string>;
  reject_reason: Generated<string>;
  /** The grade the units went back on sale under at 'received'; null when they could not be sold again. */
  restock_condition: string | null;
  restocked: Generated<number>;
  requested_at: string;
  approved_at: string | null;
  rejected_at: string | null;
  received_at: string | null;
  refunded_at: string | null;
  updated_at: string;
}

/** One staff action (0016): append-only, removed past ACTIVITY_RETENTION_DAYS. */
export interface ActivityLogTable {
  id: Generated<number>;
  at: string;
  actor: string;
  action: string;
  target: string;
  /** JSON of the changed fields before and after, for changes; null otherwise. */
  before_json: string | null;
  after_json: string | null;
}

/** A refund the seller recorded on an order line (0013). */
export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  amount_cents: number;
  /** The seller's note or the refund's transaction id. */
  note: string;
  /** 1 when the refund put the line's units back on sale. */
  restocked: number;
  created_at: string;
}

/** One e-mail to send (0012): written with the event that causes it, delivered by modules/mail/. */
export interface MailOutboxTable {
  id: Generated<number>;
  /** What it is about, e.g. order_paid, chat_message: the admin's outbox shows it. */
  kind: string;
  /** The same event queues its e-mail once: a second insert with this key is ignored. */
  dedupe_key: string;
  audience: 'buyer' | 'seller';
  /** The buyer's address; null for the seller's notices (SELLER_EMAIL, read when it is sent). */
  recipient: string | null;
  subject: string;
  /** The MailContent as JSON, rendered into text and HTML when it is sent. */
  content: string;
  status: 'waiting' | 'sent';
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string;
  /** A sender's claim on it until then: with several processes each e-mail is sent by one. */
  locked_until: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Every verified payment callback, once (event_key is a hash of its body). */
export interface PaymentEventsTable {
  event_key: string;
  payment_id: string;
  status: string;
  body: string;
  received_at: string;
}

/** One chat per buyer and product (0007); last_message is the newest message's full text. */
export interface ChatsTable {
  id: Generated<number>;
  shop: string;
  product_id: number;
  title: string;
  buyer_google_id: string;
  buyer_name: string;
  created_at: string;
  last_message: Generated<string>;
  last_message_time: string | null;
  /** created_at, then each message's time: the lists' order (indexed). */
  last_activity: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  sender_google_id: string;
  content: string;
  /** A JSON list of the message's image paths. */
  images: Generated<string>;
  created_at: string;
  /** The sender's own id for the message (a resend finds the stored one); null when none was sent. */
  client_message_id: string | null;
}

/** Every chat image upload (0010): unsent ones (sent_at null) are removed a day after their upload. */
export interface ChatImagesTable {
  id: Generated<number>;
  chat_id: number;
  /** The stored file's name in the chat's folder, as in its path /api/chats/{chat_id}/images/{name}. */
  name: string;
  uploaded_at: string;
  /** When the first message showing it was stored; null while no message does. */
  sent_at: string | null;
}

/** How far each participant has read a chat: messages after last_read_message_id are unread. */
export interface ChatReadsTable {
  chat_id: number;
  user_id: string;
  last_read_message_id: Generated<number>;
}

/**
 * The last chat e-mail of one chat to one side (0014): when it was queued (the throttle) and the newest
 * message it told of (later e-mails tell only of messages after it).
 */
export interface ChatEmailNoticesTable {
  chat_id: number;
  recipient: 'buyer' | 'seller';
  last_message_id: number;
  queued_at: string;
}

/**
 * One row per shop that has ever had a product: bumped by database triggers in the same transaction as
 * any change a shopper can see (not a view count alone), so every app process can tell with one
 * primary-key lookup whether what it cached of the catalogue is still current.
 */
/** Buyer session tokens ended by sign-out before they ran out (migration 0018), by the token's jti. */
export interface BuyerTokenRevocationsTable {
  jti: string;
  user_id: string;
  /** When the token would have run out anyway: the row is purged after it. */
  expires_at: string;
  revoked_at: string;
}

export interface CatalogVersionsTable {
  shop: string;
  /** bigint: PostgreSQL returns it as a string. */
  version: number | string;
}

/** Issue 29 (server/modules/price-sources/): what the last check of a product found. */
export interface PriceChecksTable {
  shop: string;
  product_id: number;
  /** The ASIN its link names on the source's marketplace; null: not checked. */
  asin: string | null;
  checked_at: string | null;
  /** The last read that gave a price. */
  last_good_at: string | null;
  /** 'ok', 'out-of-stock', 'not-found', 'not-accessible', 'no-price', 'not-checked'. */
  result: string;
  broken: number;
}

export interface PriceHistoryTable {
  shop: string;
  product_id: number;
  at: string;
  price_cents: number;
}

export interface PricePassesTable {
  shop: string;
  started_at: string | null;
  ended_at: string | null;
  cursor_id: Generated<number>;
  checked: Generated<number>;
  changed: Generated<number>;
  out_of_stock: Generated<number>;
  broken: Generated<number>;
  not_checked: Generated<number>;
  last_error: string | null;
  last_error_at: string | null;
}

export interface PriceSourceLeasesTable {
  source: string;
  /** Epoch ms (bigint: PostgreSQL returns it as a string). */
  next_call_at: number | string;
  holder: string | null;
  failures: number;
}

export interface Database {
  price_checks: PriceChecksTable;
  price_history: PriceHistoryTable;
  price_passes: PricePassesTable;
  price_source_leases: PriceSourceLeasesTable;
  catalog_versions: CatalogVersionsTable;
  products: ProductsTable;
  product_conditions: ProductConditionsTable;
  product_views: ProductViewsTable;
  product_clicks: ProductClicksTable;
  admin_sessions: AdminSessionsTable;
  login_failures: LoginFailuresTable;
  buyer_token_revocations: BuyerTokenRevocationsTable;
  users: UsersTable;
  shipping_addresses: ShippingAddressesTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  chat_reads: ChatReadsTable;
  chat_images: ChatImagesTable;
  chat_email_notices: ChatEmailNoticesTable;
  mail_outbox: MailOutboxTable;
  refunds: RefundsTable;
  ledger_entries: LedgerEntriesTable;
  returns: ReturnsTable;
  activity_log: ActivityLogTable;
  deleted_orders: DeletedOrdersTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type ProductRowUpdate = Updateable<ProductsTable>;
export type ProductConditionRow = Selectable<ProductConditionsTable>;
export type UserRow = Selectable<UsersTable>;
export type CartItemRow = Selectable<CartItemsTable>;
export type ShippingAddressRow = Selectable<ShippingAddressesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type RefundRow = Selectable<RefundsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type ReturnRow = Selectable<ReturnsTable>;
export type ActivityRow = Selectable<ActivityLogTable>;
export type DeletedOrderRow = Selectable<DeletedOrdersTable>;
export type ChatRow = Selectable<ChatsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
