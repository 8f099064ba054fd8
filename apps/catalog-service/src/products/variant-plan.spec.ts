import { ValidationError, variantLabel } from '@shop/contracts';
import { OptionInputSchema } from '@shop/rules';
import { planVariants, type VariantRow } from './variant-plan';

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const implicit: VariantRow = { id: PRODUCT, valueIds: [], sku: 'MBB', priceCents: 9500, oldpriceCents: 0, countInStock: 7, image: null, active: true, position: 0, deleted: false };
const money = { priceCents: 9500, oldpriceCents: 11000, countInStock: 7 };

function ids(): () => string {
  let n = 0;
  return () => `n${++n}`;
}

const sizes = OptionInputSchema.parse({ name: 'Size', values: [{ label: '8 oz' }, { label: '16 oz' }] });
const shades = OptionInputSchema.parse({ name: 'Shade', values: [{ label: 'Cocoa', swatch: '#7B4A2D' }, { label: 'Guava' }] });

describe('planVariants', () => {
  it('makes every combination, the first option outermost, the implicit variant becoming the first with its stock and SKU', () => {
    const plan = planVariants(PRODUCT, { options: [], variants: [implicit] }, { ...money, options: [sizes, shades] }, ids());
    expect(plan.options).toEqual([
      { id: 'n1', name: 'Size', values: [{ id: 'n2', label: '8 oz' }, { id: 'n3', label: '16 oz' }] },
      { id: 'n4', name: 'Shade', values: [{ id: 'n5', label: 'Cocoa', swatch: '#7b4a2d' }, { id: 'n6', label: 'Guava' }] },
    ]);
    expect(plan.writes.map((w) => [w.id, variantLabel(plan.options, w.valueIds), w.countInStock, w.priceCents, w.oldpriceCents, w.position])).toEqual([
      [PRODUCT, '8 oz / Cocoa', 7, 9500, 0, 0],
      [undefined, '8 oz / Guava', 0, 9500, 11000, 1],
      [undefined, '16 oz / Cocoa', 0, 9500, 11000, 2],
      [undefined, '16 oz / Guava', 0, 9500, 11000, 3],
    ]);
    expect(plan.writes[0].sku).toBe('MBB');
    expect(plan.remove).toEqual([]);
  });

  it('keeps ids by value ids through a rename, applies the owner’s fields and removes combinations that are gone', () => {
    const options = [{ id: 'o1', name: 'Size', values: [{ id: 'a', label: '8 oz' }, { id: 'b', label: '16 oz' }, { id: 'c', label: '32 oz' }] }];
    const rows = ['a', 'b', 'c'].map((v, i): VariantRow => ({ ...implicit, id: `v-${v}`, valueIds: [v], sku: '', position: i }));
    const input = OptionInputSchema.parse({ id: 'o1', name: 'Size', values: [{ id: 'b', label: '16 oz (big)' }, { label: '8 OZ' }, { label: '64 oz' }] });
    const plan = planVariants(PRODUCT, { options, variants: rows }, { ...money, options: [input], variants: [{ labels: ['64 oz'], price: 300, countInStock: 4, sku: 'BIG' }] }, ids());
    expect(plan.writes.map((w) => [w.id, w.valueIds, w.priceCents, w.countInStock, w.sku])).toEqual([
      ['v-b', ['b'], 9500, 7, ''],
      ['v-a', ['a'], 9500, 7, ''],
      [undefined, ['n1'], 30000, 4, 'BIG'],
    ]);
    expect(variantLabel(plan.options, ['b'])).toBe('16 oz (big)');
    expect(plan.remove).toEqual(['v-c']);
  });

  it('takes the implicit variant back, even a removed one, when the options go', () => {
    const options = [{ id: 'o1', name: 'Size', values: [{ id: 'b', label: '16 oz' }] }];
    const rows: VariantRow[] = [
      { ...implicit, valueIds: ['a'], deleted: true },
      { ...implicit, id: 'v-b', valueIds: ['b'] },
    ];
    const plan = planVariants(PRODUCT, { options, variants: rows }, { ...money, options: [] }, ids());
    expect(plan.writes).toEqual([{ id: PRODUCT, valueIds: [], sku: 'MBB', priceCents: 9500, oldpriceCents: 11000, countInStock: 7, image: null, active: true, position: 0 }]);
    expect(plan.remove).toEqual(['v-b']);
  });

  it('refuses variants that name no combination, twice the same one, or one SKU twice, with a message saying which', () => {
    const plan = (variants: Parameters<typeof planVariants>[2]['variants']) =>
      planVariants(PRODUCT, { options: [], variants: [implicit] }, { ...money, options: [sizes, shades], variants }, ids());
    expect(() => plan([{ labels: ['8 oz'] }])).toThrow('The variant "8 oz" must name one value of each option: Size, Shade');
    expect(() => plan([{ labels: ['8 oz', 'Pink'] }])).toThrow('Shade has no value "Pink" (variant "8 oz / Pink")');
    expect(() => plan([{ labels: ['8 oz', 'Cocoa'] }, { labels: ['8 OZ', 'cocoa'] }])).toThrow('The variant "8 oz / Cocoa" is given twice');
    expect(() => plan([{ labels: ['8 oz', 'Cocoa'], sku: 'X1' }, { labels: ['16 oz', 'Cocoa'], sku: 'X1' }])).toThrow(ValidationError);
    expect(() => planVariants(PRODUCT, { options: [], variants: [implicit] }, { ...money, options: [{ ...sizes, id: 'zz' }] }, ids())).toThrow(
      'The option Size names an id this product does not have',
    );
  });
});
