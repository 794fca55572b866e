/** The demo catalogue: realistic (fictional-brand) products for every shop, grouped as the shops show them. */
import type { ShopKey } from '../../shared/shops.js';
import { REFERRALS } from './catalogue/referrals.js';
import { PC_BUILD } from './catalogue/pc-build.js';
import { SMART_SHOP } from './catalogue/smart-shop.js';
import { OPEN_BOX } from './catalogue/open-box.js';
import type { MainCategorySeed } from './catalogue/types.js';

export type { MainCategorySeed, SubCategorySeed } from './catalogue/types.js';

export const DEMO_CATALOGUE: Record<ShopKey, MainCategorySeed[]> = {
  default: REFERRALS,
  pc: PC_BUILD,
  smart: SMART_SHOP,
  ayz: OPEN_BOX,
};
