/** The head of each kind of page: a product, a shop, and every other page (generic, not to be listed). */
import type { ProductDetail } from '../../../shared/schemas/catalog.js';
import { jsonLdOfferFields } from '../../../shared/productFields.js';
import { productPageTitle } from '../../../shared/rules/display.js';
import { productPreviewUrl } from '../../../shared/rules/images.js';
import { conditionOffers, inStockOffers, isForSale } from '../../../shared/rules/offers.js';
import { CONDITION_INFO, CONDITION_SCHEMA_ORG, SITE_NAME, type ShopConfig } from '../../../shared/shops.js';
import type { PageHead } from './head.js';
import { plainText, shorten } from './plain-text.js';

/** Search engines show about this many characters of a description. */
export const DESCRIPTION_MAX = 160;
/** The JSON-LD description may be longer, but a page need not carry a whole essay twice. */
const JSON_LD_DESCRIPTION_MAX = 5000;

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

export function shopUrl(origin: string, shop: ShopConfig): string {
  return `${origin}${shop.route}`;
}

export function productUrl(origin: string, shop: ShopConfig, id: number): string {
  return `${origin}${shop.route}?product=${id}`;
}

export function shopHead(origin: string, shop: ShopConfig): PageHead {
  return {
    title: shop.seoTitle,
    description: shop.seoDescription,
    canonical: shopUrl(origin, shop),
    openGraph: { type: 'website', siteName: SITE_NAME },
  };
}

/** Admin, account, chat and payment pages, and paths the app does not know. */
export function unlistedHead(): PageHead {
  return {
    title: SITE_NAME,
    description: 'Referrals, open-box deals, PC builds and smart gadgets in one place.',
    noindex: true,
  };
}

function offers(shop: ShopConfig, product: ProductDetail, url: string): object[] {
  // What the product's registry fields add to an offer (shared/productFields.ts), e.g. its warranty.
  const offer = { '@type': 'Offer', priceCurrency: 'USD', url, ...jsonLdOfferFields(shop, product) };
  if (product.kind === 'affiliate') {
    const availability = product.availability === 'YES' ? IN_STOCK : OUT_OF_STOCK;
    // Issue 29: a price the source has not confirmed within a day is not stated, here either.
    if (product.price_stale) return [{ '@type': 'Offer', url, availability }];
    return [{ ...offer, price: product.price, availability }];
  }
  // Only conditions for sale with stock are offered: an unpriced condition is not (issue 30).
  const all = conditionOffers(product);
  const inStock = inStockOffers(all);
  if (inStock.length === 0) {
    // Sold out, the offer still says what state the item is in: that of the cheapest condition offered.
    const priced = all.filter(isForSale);
    const shown = priced.sort((a, b) => Number(a.price) - Number(b.price))[0] ?? all[0]!;
    return [
      {
        ...offer,
        price: product.price,
        availability: OUT_OF_STOCK,
        itemCondition: CONDITION_SCHEMA_ORG[shown.condition],
      },
    ];
  }
  return inStock.map((entry) => ({
    ...offer,
    name: CONDITION_INFO[entry.condition].label,
    price: entry.price,
    availability: IN_STOCK,
    itemCondition: CONDITION_SCHEMA_ORG[entry.condition],
  }));
}

export function productHead(origin: string, shop: ShopConfig, product: ProductDetail): PageHead {
  const url = productUrl(origin, shop, product.id);
  const text = plainText(product.description);
  const description = shorten(text, DESCRIPTION_MAX) || `${product.title} in the ${shop.name}.`;
  const preview = productPreviewUrl(shop.imageFolder, { ...product, product_id: product.id });
  const image = preview ? `${origin}${preview}` : undefined;
  return {
    title: productPageTitle(product.title, shop),
    description,
    canonical: url,
    openGraph: { type: 'product', siteName: SITE_NAME, image, imageAlt: product.title },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      description: shorten(text, JSON_LD_DESCRIPTION_MAX) || description,
      sku: String(product.id),
      category: `${product.main_category} > ${product.category}`,
      url,
      ...(image ? { image: [image] } : {}),
      offers: offers(shop, product, url),
    },
  };
}
