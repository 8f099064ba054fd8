import { createHash } from 'node:crypto';
import { uploadKeys } from '@shop/contracts';
import type { ProductInput } from '@shop/rules';

/** The demo catalogue a fresh local shop starts with (prices in TTD). Images ship with the gateway. */
export interface DemoProduct {
  name: string;
  price: number;
  oldprice: number;
  image: string;
  /** Further pictures (up to 4): a close-up, the texture and a card with size and key ingredients. */
  subimages: string[];
  description: string;
  countInStock: number;
  promotext: string;
  type: string;
  purchases: number;
}

/** What the demo product pages say under Ingredients, How to use, Size and Suits (DEMO_DETAILS, by name). */
export interface DemoDetails {
  ingredients: string;
  howToUse: string;
  size: string;
  suitedFor: string;
}

/** Width of the demo pictures' originals (the drawings are square). */
export const DEMO_IMAGE_WIDTH = 800;

/**
 * Where a demo picture is served. Each is an SVG drawing in the gateway's assets (`apps/api-gateway/assets/demo`)
 * rendered once, by `npx tsx scripts/demo-images.ts`, through the same image pipeline as the owner's uploads and
 * named like an upload (`images/{id}-w{width}.webp` plus its WebP copies), so demo products get a srcset too.
 */
export function demoImageUrl(file: string): string {
  const id = createHash('md5').update(`demo/${file}`).digest('hex');
  return `/api/files/demo/${uploadKeys(id, 'webp', DEMO_IMAGE_WIDTH).original}`;
}

/**
 * The further pictures drawn from each product's drawing (scripts/demo-images.ts): a close-up of its label, a
 * swatch of its texture in its colours, and a card with its size, what it suits and its key ingredients.
 */
export const DEMO_VIEWS = ['close-up', 'texture', 'details'] as const;
export type DemoView = (typeof DEMO_VIEWS)[number];

/** The file name (without extension) of one further picture of a drawing. */
export function demoViewFile(file: string, view: DemoView): string {
  return `${file}--${view}`;
}

/** A demo product's main picture and its further ones, all from its drawing. */
function pictures(file: string): { image: string; subimages: string[] } {
  return { image: demoImageUrl(file), subimages: DEMO_VIEWS.map((view) => demoImageUrl(demoViewFile(file, view))) };
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { name: 'Coconut Curl Moisturizer', price: 95, oldprice: 110, ...pictures('coconut-curl-moisturizer'), type: 'Hair Moisturizer', countInStock: 24, promotext: '15%OFF', purchases: 58,
    description: 'A rich leave-in cream of virgin coconut oil and shea butter that softens thick curls and coils, tames frizz in the Caribbean humidity and keeps hair moisturised all day.' },
  { name: 'Aloe & Castor Growth Butter', price: 120, oldprice: 0, ...pictures('aloe-castor-growth-butter'), type: 'Hair Moisturizer', countInStock: 15, promotext: 'NEW', purchases: 31,
    description: 'Whipped Jamaican black castor oil with fresh aloe vera for edges and scalp. Massage into the roots nightly to strengthen and nourish natural hair.' },
  { name: 'Hibiscus Hydrating Hair Milk', price: 85, oldprice: 0, ...pictures('hibiscus-hair-milk'), type: 'Hair Moisturizer', countInStock: 30, promotext: '', purchases: 44,
    description: 'A light spray-on hair milk with hibiscus flower extract and glycerin that refreshes twist-outs and wash-and-gos between wash days.' },
  { name: 'Sorrel Sugar Body Scrub', price: 75, oldprice: 90, ...pictures('sorrel-sugar-scrub'), type: 'Body Scrub', countInStock: 18, promotext: 'SALE', purchases: 67,
    description: 'Cane sugar, sorrel and sweet almond oil buff away dry skin and leave it glowing. Use on damp skin in the shower two or three times a week.' },
  { name: 'Cocoa Coffee Body Polish', price: 80, oldprice: 0, ...pictures('cocoa-coffee-polish'), type: 'Body Scrub', countInStock: 12, promotext: '', purchases: 39,
    description: 'Locally grown Trinitario cocoa and fine-ground coffee in a creamy polish that smooths rough patches and smells like a Sunday morning.' },
  { name: 'Sea Salt & Lime Scrub', price: 70, oldprice: 0, ...pictures('sea-salt-lime-scrub'), type: 'Body Scrub', countInStock: 0, promotext: '', purchases: 22,
    description: 'Mineral sea salt with lime zest and coconut oil for feet, knees and elbows. Rinse well and follow with body butter.' },
  { name: 'Mango Butter Lip Balm', price: 25, oldprice: 0, ...pictures('mango-lip-balm'), type: 'Lip Balm', countInStock: 60, promotext: '', purchases: 120,
    description: 'A soft, glossy balm of mango butter and beeswax that protects lips from sun and wind. Fits in every handbag.' },
  { name: 'Passion Fruit Tinted Lip Balm', price: 30, oldprice: 35, ...pictures('passion-fruit-lip-balm'), type: 'Lip Balm', countInStock: 45, promotext: 'HOT', purchases: 96,
    description: 'A sheer berry tint with passion fruit seed oil: a hint of colour and lasting moisture in one swipe.' },
  { name: 'Vanilla Shea Lip Butter', price: 28, oldprice: 0, ...pictures('vanilla-lip-butter'), type: 'Lip Balm', countInStock: 8, promotext: '', purchases: 54,
    description: 'Unrefined shea butter with Madagascar vanilla in a little tin. Apply at night for soft lips by morning.' },
  { name: 'Moringa Scalp Oil', price: 65, oldprice: 0, ...pictures('moringa-scalp-oil'), type: 'Hair Oil', countInStock: 20, promotext: 'NEW', purchases: 17,
    description: 'Cold-pressed moringa, rosemary and peppermint oils for a calm, healthy scalp under braids, locs and wigs.' },
  { name: 'Soursop Leaf Body Butter', price: 110, oldprice: 125, ...pictures('soursop-body-butter'), type: 'Body Butter', countInStock: 14, promotext: '12%OFF', purchases: 28,
    description: 'A dense, melt-on-contact butter of cocoa butter, shea and soursop leaf infusion for very dry skin. A little goes a long way.' },
  { name: 'Frangipani Shine Serum', price: 90, oldprice: 0, ...pictures('frangipani-shine-serum'), type: 'Hair Oil', countInStock: 10, promotext: '', purchases: 12,
    description: 'A featherweight serum with argan oil and frangipani scent that seals in moisture and adds shine to silk presses and twists.' },
];

/** The demo products' details, so the demo shows every section of a product page. */
export const DEMO_DETAILS: Readonly<Record<string, DemoDetails>> = {
  'Coconut Curl Moisturizer': { ingredients: 'Water, virgin coconut oil, shea butter, aloe vera juice, glycerin, cetearyl alcohol, vitamin E.', howToUse: 'Work a walnut-sized amount through damp hair from roots to ends, then style. Use daily or between wash days.', size: '250 ml jar', suitedFor: 'Thick curls and coils (3B to 4C), dry hair' },
  'Aloe & Castor Growth Butter': { ingredients: 'Jamaican black castor oil, aloe vera gel, shea butter, rosemary oil, peppermint oil.', howToUse: 'Massage a fingertip of butter into the scalp and edges at night. Leave in.', size: '120 g tin', suitedFor: 'Natural hair, thin edges, dry scalp' },
  'Hibiscus Hydrating Hair Milk': { ingredients: 'Water, hibiscus flower extract, glycerin, oat milk, panthenol.', howToUse: 'Shake, then mist over twist-outs or wash-and-gos and scrunch. Use as often as you like.', size: '200 ml spray', suitedFor: 'All curl types, low-porosity hair' },
  'Sorrel Sugar Body Scrub': { ingredients: 'Cane sugar, sweet almond oil, sorrel (hibiscus sabdariffa) extract, vitamin E.', howToUse: 'On damp skin, rub in circles, then rinse. Two or three times a week.', size: '300 g jar', suitedFor: 'Dry and normal skin' },
  'Cocoa Coffee Body Polish': { ingredients: 'Trinitario cocoa powder, ground coffee, cocoa butter, coconut oil, brown sugar.', howToUse: 'Massage over damp skin in the shower and rinse well. Once or twice a week.', size: '250 g jar', suitedFor: 'Rough patches, all skin types' },
  'Sea Salt & Lime Scrub': { ingredients: 'Mineral sea salt, coconut oil, lime zest, lime essential oil.', howToUse: 'Scrub feet, knees and elbows on damp skin, rinse, then follow with body butter. Not for broken skin.', size: '300 g jar', suitedFor: 'Feet, knees and elbows; normal skin' },
  'Mango Butter Lip Balm': { ingredients: 'Mango butter, beeswax, castor oil, vitamin E, natural flavour.', howToUse: 'Apply to lips as often as needed, before sun and wind.', size: '4.5 g stick', suitedFor: 'Dry or chapped lips' },
  'Passion Fruit Tinted Lip Balm': { ingredients: 'Passion fruit seed oil, shea butter, candelilla wax, iron oxides (berry tint).', howToUse: 'Swipe on bare lips for a sheer tint; add a second coat for more colour.', size: '4.5 g stick', suitedFor: 'All lips, a sheer berry tint' },
  'Vanilla Shea Lip Butter': { ingredients: 'Unrefined shea butter, Madagascar vanilla extract, sunflower oil, beeswax.', howToUse: 'Smooth a thin layer over lips at night.', size: '15 g tin', suitedFor: 'Very dry lips' },
  'Moringa Scalp Oil': { ingredients: 'Cold-pressed moringa oil, jojoba oil, rosemary oil, peppermint oil, tea tree oil.', howToUse: 'Apply a few drops along parts under braids, locs or wigs and massage in. Two or three times a week.', size: '60 ml dropper bottle', suitedFor: 'Itchy or dry scalp; protective styles' },
  'Soursop Leaf Body Butter': { ingredients: 'Cocoa butter, shea butter, soursop leaf infusion, coconut oil, vitamin E.', howToUse: 'Warm a little between your palms and smooth over skin after a bath.', size: '200 g jar', suitedFor: 'Very dry skin' },
  'Frangipani Shine Serum': { ingredients: 'Argan oil, cyclopentasiloxane-free blend of grapeseed and camellia oils, frangipani fragrance.', howToUse: 'Rub two drops between your palms and smooth over dry, styled hair.', size: '50 ml bottle', suitedFor: 'Silk presses, twists, all hair types' },
};

/**
 * Demo products sold in sizes or shades (issue 28), by name: their options and each combination's price and stock,
 * so a new owner sees how variants work. The first combination keeps the product's own id (its implicit variant); the
 * stock of all combinations adds up to the product's `countInStock` above, and the lowest price is its `price`.
 */
export const DEMO_OPTIONS: Readonly<Record<string, Required<Pick<ProductInput, 'options' | 'variants'>>>> = {
  'Aloe & Castor Growth Butter': {
    options: [{ name: 'Size', values: [{ label: '4 oz' }, { label: '8 oz' }] }],
    variants: [
      { labels: ['4 oz'], price: 120, countInStock: 10, sku: 'ACB-4OZ' },
      { labels: ['8 oz'], price: 210, countInStock: 5, sku: 'ACB-8OZ' },
    ],
  },
  'Hibiscus Hydrating Hair Milk': {
    options: [{ name: 'Size', values: [{ label: '200 ml' }, { label: '500 ml' }] }],
    variants: [
      { labels: ['200 ml'], price: 85, countInStock: 22, sku: 'HHM-200' },
      { labels: ['500 ml'], price: 175, oldprice: 190, countInStock: 8, sku: 'HHM-500' },
    ],
  },
  // One shade sold out: the shop shows it crossed out, still selectable.
  'Passion Fruit Tinted Lip Balm': {
    options: [
      {
        name: 'Shade',
        values: [
          { label: 'Guava', swatch: '#e8767a' },
          { label: 'Cocoa', swatch: '#7b4a2d' },
          { label: 'Sorrel', swatch: '#8e1b3a' },
          { label: 'Hibiscus', swatch: '#c2185b' },
        ],
      },
    ],
    variants: [
      { labels: ['Guava'], price: 30, oldprice: 35, countInStock: 20, sku: 'PFB-GUAVA' },
      { labels: ['Cocoa'], price: 30, oldprice: 35, countInStock: 15, sku: 'PFB-COCOA' },
      { labels: ['Sorrel'], price: 30, oldprice: 35, countInStock: 10, sku: 'PFB-SORREL' },
      { labels: ['Hibiscus'], price: 30, oldprice: 35, countInStock: 0, sku: 'PFB-HIBISCUS' },
    ],
  },
};
