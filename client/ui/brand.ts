import { SITE_NAME } from '../../shared/shops.js';

/** The operator's names shown in the header logo and the footer; the brand is the site's name. */
export const BRAND_NAME = SITE_NAME;
export const CORPORATION_NAME = 'AYZ Corporation';
