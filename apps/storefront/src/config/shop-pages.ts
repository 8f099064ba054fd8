/** The owner's text pages (issue 25), each a field of the settings' page section. */
export type ShopPageKind = 'delivery' | 'returns' | 'privacy';

/** Each page's heading and title, shared by the screen and its `<head>`. */
export const SHOP_PAGE_TITLES: Record<ShopPageKind, string> = {
  delivery: 'Delivery',
  returns: 'Returns and Refunds',
  privacy: 'Privacy',
};
