import type { ProductVariant } from '@shop/contracts';
import { bulkDoneText, cellName, LOADED_FIELD, readBulk, readVariantGrid, rowsNamedIn } from './variant-grid-form';

const variant = (id: string, label: string, extra: Partial<ProductVariant> = {}): ProductVariant => ({
  _id: id,
  valueIds: label.split(' / ').map((l) => l.replace(/\W/g, '').toLowerCase()),
  label,
  sku: '',
  price: 95,
  oldprice: 0,
  countInStock: 4,
  image: null,
  active: true,
  ...extra,
});

/** The grid's form as the browser posts it: every row's inputs as drawn, then the owner's changes. */
function gridForm(variants: ProductVariant[], typed: Record<string, string | null> = {}): FormData {
  const form = new FormData();
  form.set(LOADED_FIELD, JSON.stringify(variants));
  for (const v of variants) {
    form.set(cellName(v._id, 'price'), v.price.toFixed(2));
    form.set(cellName(v._id, 'oldprice'), v.oldprice ? v.oldprice.toFixed(2) : '');
    form.set(cellName(v._id, 'countInStock'), String(v.countInStock));
    form.set(cellName(v._id, 'sku'), v.sku);
    form.set(cellName(v._id, 'image'), v.image ?? '');
    if (v.active) form.set(cellName(v._id, 'active'), 'on');
  }
  for (const [name, value] of Object.entries(typed)) {
    if (value === null) form.delete(name);
    else form.set(name, value);
  }
  return form;
}

describe('the variants grid form', () => {
  const cocoa = variant('a1', '8 oz / Cocoa');
  const honey = variant('b2', '16 oz / Honey', { sku: 'MBB-16-H', price: 150 });

  it('sends nothing for rows left as drawn', () => {
    expect(readVariantGrid(gridForm([cocoa, honey]))).toEqual({ loaded: [cocoa, honey], changes: [], errors: {} });
  });

  it('sends only the fields changed, by value ids, so stock sold meanwhile is not written over', () => {
    const form = gridForm([cocoa, honey], { [cellName('b2', 'price')]: '1,250.5', [cellName('a1', 'active')]: null, [cellName('a1', 'sku')]: ' MBB-8-C ' });
    expect(readVariantGrid(form).changes).toEqual([
      { valueIds: cocoa.valueIds, sku: 'MBB-8-C', active: false },
      { valueIds: honey.valueIds, price: 1250.5 },
    ]);
  });

  it('reports each bad cell on its row with the shared rules, and sends nothing of that row', () => {
    const form = gridForm([cocoa, honey], { [cellName('a1', 'countInStock')]: '2.5', [cellName('a1', 'price')]: '', [cellName('b2', 'oldprice')]: 'ten' });
    const { changes, errors } = readVariantGrid(form);
    expect(changes).toEqual([]);
    expect(errors).toEqual({
      a1: { price: "A variant's price must be a number, e.g. 95.00", countInStock: "A variant's stock must be a whole number, e.g. 12" },
      b2: { oldprice: "A variant's old price must be a number, e.g. 95.00" },
    });
  });

  it('reads a bulk action with the shared rule', () => {
    const form = new FormData();
    form.set('set-prices', '120');
    form.set('add-stock', '0');
    expect(readBulk(form, 'set-prices')).toEqual({ input: { price: 120 } });
    expect(readBulk(form, 'add-stock')).toEqual({ error: 'The stock to add must be 1 or more' });
    form.set('add-stock', '10');
    expect(readBulk(form, 'add-stock')).toEqual({ input: { addStock: 10 } });
    expect(bulkDoneText({ price: 120 })).toBe("Every variant's price is now TT$120.00");
    expect(bulkDoneText({ addStock: 10 })).toBe("Added 10 to every variant's stock");
  });

  it("puts a server's message on the rows it names, by label in quotes or by SKU", () => {
    expect(rowsNamedIn('The SKU MBB-16-H is already used by another product', [cocoa, honey])).toEqual({ b2: { row: 'The SKU MBB-16-H is already used by another product' } });
    expect(rowsNamedIn('The variant "8 oz / Cocoa" is given twice', [cocoa, honey])).toEqual({ a1: { row: 'The variant "8 oz / Cocoa" is given twice' } });
    expect(rowsNamedIn('Something else', [cocoa, honey])).toEqual({});
  });
});
