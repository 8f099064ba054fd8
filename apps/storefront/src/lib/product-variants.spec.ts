import type { Product, ProductVariant } from '@shop/contracts';
import { chosenVariant, optionChoices, variantAfterChoosing, variantOfForm, variantPicture } from './product-variants';

const variant = (id: string, valueIds: string[], countInStock: number, image: string | null = null): ProductVariant => ({
  _id: id,
  valueIds,
  label: valueIds.join(' / '),
  sku: '',
  price: 10,
  oldprice: 0,
  countInStock,
  image,
  active: true,
});

// Size 8 oz (s8) / 16 oz (s16) by Shade Cocoa (co) / Guava (gu); 16 oz Guava is not sold, 8 oz Guava is sold out.
const product: Pick<Product, 'image' | 'options' | 'variants'> = {
  image: '/product.webp',
  options: [
    { id: 'size', name: 'Size', values: [{ id: 's8', label: '8 oz' }, { id: 's16', label: '16 oz' }] },
    { id: 'shade', name: 'Shade', values: [{ id: 'co', label: 'Cocoa', image: '/cocoa.webp' }, { id: 'gu', label: 'Guava' }, { id: 'none', label: 'Nothing sells it' }] },
  ],
  variants: [variant('a', ['s8', 'co'], 0), variant('b', ['s8', 'gu'], 0), variant('c', ['s16', 'co'], 4, '/c.webp')],
};
const [a, b, c] = product.variants as [ProductVariant, ProductVariant, ProductVariant];

describe('product variants on the page', () => {
  it('shows the variant named, else the first in stock; an unknown id is not an error', () => {
    expect(chosenVariant(product, 'b')).toBe(b);
    expect(chosenVariant(product, 'no-such-variant')).toBe(c);
    expect(chosenVariant(product)).toBe(c);
  });

  it('choosing a value keeps the others when that combination is sold, else changes them', () => {
    expect(variantAfterChoosing(product, a, 0, 's16')).toBe(c);
    expect(variantAfterChoosing(product, c, 1, 'gu')).toBe(b);
  });

  it('reads a form sent without the app against the variant it was shown with', () => {
    expect(variantOfForm(product, new URLSearchParams('variant=c&o_size=s16&o_shade=gu'))).toBe(b);
    expect(variantOfForm(product, new URLSearchParams('variant=a&o_size=s16&o_shade=co'))).toBe(c);
    expect(variantOfForm(product, new URLSearchParams('o_size=s8&o_shade=co'))).toBe(a);
  });

  it('marks each value: sold out, not made with the other choices, or available; values nothing sells are left out', () => {
    const [size, shade] = optionChoices(product, c);
    expect(size?.values.map((v) => [v.value.label, v.state, v.checked])).toEqual([
      ['8 oz', 'sold-out', false],
      ['16 oz', 'available', true],
    ]);
    expect(shade?.chosen).toBe('Cocoa');
    expect(shade?.values.map((v) => [v.value.label, v.state, v.leadsTo?._id])).toEqual([
      ['Cocoa', 'available', 'c'],
      ['Guava', 'unavailable', 'b'],
    ]);
  });

  it("takes the variant's picture, else its value's, else the product's", () => {
    expect(variantPicture(product, c)).toBe('/c.webp');
    expect(variantPicture(product, a)).toBe('/cocoa.webp');
    expect(variantPicture(product, b)).toBe('/product.webp');
    expect(variantPicture(product, undefined)).toBe('/product.webp');
  });
});
