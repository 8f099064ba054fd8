import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { uploadCandidates } from '@shop/contracts';
import { ProductInputSchema } from '@shop/rules';
import { DEMO_DETAILS, DEMO_OPTIONS, DEMO_PRODUCTS, demoImageUrl } from './demo-products';

const DEMO_ASSETS = resolve(__dirname, '../../../api-gateway/assets/demo');
const fileOf = (url: string) => join(DEMO_ASSETS, url.replace(/^\/api\/files\/demo\//, ''));

describe('demo products', () => {
  it('name each picture like an upload, from its drawing', () => {
    expect(demoImageUrl('mango-lip-balm')).toMatch(/^\/api\/files\/demo\/images\/[0-9a-f]{32}-w800\.webp$/);
    expect(demoImageUrl('mango-lip-balm')).not.toBe(demoImageUrl('vanilla-lip-butter'));
  });

  it.each(DEMO_PRODUCTS.map((p) => [p.name, p.image, p.subimages] as const))('%s: its pictures and their WebP copies ship with the gateway', (_name, image, subimages) => {
    // A good product page shows several pictures (issue 25): the main one and three more, at most 5 in all.
    expect(subimages).toHaveLength(3);
    expect(new Set([image, ...subimages]).size).toBe(4);
    for (const picture of [image, ...subimages]) {
      const candidates = uploadCandidates(picture);
      expect(candidates.map((c) => c.width)).toEqual([320, 640, 800]);
      for (const candidate of candidates) expect(existsSync(fileOf(candidate.url))).toBe(true);
    }
  });

  it('give every demo product its ingredients, how to use, size and what it suits, within the limits the database keeps', () => {
    expect(Object.keys(DEMO_DETAILS).sort()).toEqual(DEMO_PRODUCTS.map((p) => p.name).sort());
    for (const details of Object.values(DEMO_DETAILS)) {
      expect(details.ingredients.length).toBeGreaterThan(0);
      expect(details.ingredients.length).toBeLessThanOrEqual(2000);
      expect(details.howToUse.length).toBeGreaterThan(0);
      expect(details.size.length).toBeLessThanOrEqual(60);
      expect(details.suitedFor.length).toBeLessThanOrEqual(200);
    }
  });
});

describe('demo products with options', () => {
  it.each(Object.entries(DEMO_OPTIONS))("%s: its variants' stock adds up to the product's and the lowest price is its price", (name, { options, variants }) => {
    const product = DEMO_PRODUCTS.find((p) => p.name === name)!;
    expect(product).toBeDefined();
    expect(ProductInputSchema.safeParse({ ...product, subimages: [...product.subimages], options, variants }).success).toBe(true);
    expect(variants.reduce((sum, v) => sum + (v.countInStock ?? 0), 0)).toBe(product.countInStock);
    expect(Math.min(...variants.map((v) => v.price ?? product.price))).toBe(product.price);
    expect(variants.map((v) => v.labels)).toEqual(options[0].values.map((v) => [v.label]));
  });
});
