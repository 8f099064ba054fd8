import { checkProductCsvRecords, parsePriceCell, parseStockCell, productCsvHeaderRefusal } from './product-csv.rules';

describe('products CSV rules', () => {
  it.each([
    ['25', 25],
    ['25.5', 25.5],
    [' 49.99 ', 49.99],
    ['TT$ 12.00', 12],
    ['0', 0],
  ])('reads the price %j', (cell, value) => expect(parsePriceCell(cell)).toEqual({ value }));

  it.each([
    ['abc', 'Price "abc" is not a number'],
    ['1,000', 'Price "1,000" is not a number'],
    ['-1', 'Price cannot be negative'],
    ['1.999', 'Price "1.999" has more than two decimals'],
    ['1e3', 'Price "1e3" is not a number'],
    ['1000001', 'Price must be at most 1,000,000'],
  ])('refuses the price %j', (cell, error) => expect(parsePriceCell(cell)).toEqual({ error }));

  it('leaves an empty cell unchanged', () => {
    expect(parsePriceCell('  ')).toEqual({});
    expect(parseStockCell('')).toEqual({});
  });

  it.each([
    ['1.5', 'Stock "1.5" is not a whole number'],
    ['-3', 'Stock cannot be below 0'],
    ['ten', 'Stock "ten" is not a whole number'],
    ['1000001', 'Stock must be at most 1,000,000'],
  ])('refuses the stock %j', (cell, error) => expect(parseStockCell(cell)).toEqual({ error }));

  it('checks the header', () => {
    expect(productCsvHeaderRefusal(['ID', ' Price ', 'stock'])).toBeNull();
    expect(productCsvHeaderRefusal(['id', 'cost'])).toBe('Unknown column "cost"; the columns are id, name, type, price, old price, stock');
    expect(productCsvHeaderRefusal(['name', 'price'])).toMatch(/must have an "id" column/);
    expect(productCsvHeaderRefusal(['id', 'name'])).toMatch(/"price" or a "stock" column/);
  });

  it('refuses a second row for a product, naming the first line, and keeps the first', () => {
    const { rows, refused } = checkProductCsvRecords([
      { line: 2, cells: { id: 'A', price: '1' } },
      { line: 3, cells: { id: 'a', price: '2' } },
      { line: 4, cells: { id: 'b', stock: 'x', price: '-1' } },
    ]);
    expect(rows).toEqual([{ line: 2, product: 'a', price: 1 }]);
    expect(refused).toEqual([
      { line: 3, reason: 'Duplicate row for this product (also on line 2)' },
      { line: 4, reason: 'Price cannot be negative; Stock "x" is not a whole number' },
    ]);
  });
});
