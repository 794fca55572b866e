/** The operator's names shown in the header logo and the footer. */
export const BRAND_NAME = 'AYZ Storefront';
export const CORPORATION_NAME = 'AYZ Corporation';
