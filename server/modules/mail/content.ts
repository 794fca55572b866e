/**
 * What an e-mail says, as data: the sender renders it into a plain-text and an HTML part when it goes
 * out (every value escaped there, so nothing a buyer typed can become markup), with a link back to the
 * shop at PUBLIC_URL. Write values as plain text; never HTML.
 */
export interface MailContent {
  subject: string;
  /** The first line, e.g. "Your order is paid". */
  heading: string;
  /** Sentences, each its own paragraph. */
  paragraphs: string[];
  /** Label and value pairs, e.g. ['Total', '$39.98'], shown as a table in HTML and lines in text. */
  details?: [label: string, value: string][];
  /** Order lines or similar: one table row each. */
  lines?: { label: string; value: string }[];
  /**
   * The call to action. A path ('/account') is made absolute with the shop's address (PUBLIC_URL);
   * an http(s) URL (a provider's invoice, a carrier's tracking page) is used as it is.
   */
  action?: { label: string; href: string };
}

/** Who an e-mail is for: a buyer's address, or the seller (SELLER_EMAIL, read when it is sent). */
export type MailRecipient = { buyer: string } | 'seller';
