/** The shape of the demo catalogue's seed entries. */
import type { IconKind } from '../images.js';

export interface SubCategorySeed {
  category: string;
  icon: IconKind;
  /** Typical price range in dollars. */
  price: [number, number];
  titles: string[];
  features: string[];
}

export interface MainCategorySeed {
  main: string;
  subs: SubCategorySeed[];
}
