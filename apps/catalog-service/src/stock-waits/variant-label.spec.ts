import { variantLabel } from './variant-label';

describe('variantLabel', () => {
  const options = [
    { name: 'Size', values: [{ id: 's8', label: '8 oz' }, { id: 's16', label: '16 oz' }] },
    { name: 'Scent', values: [{ id: 'c', label: 'Cocoa' }] },
  ];

  it('names the values in option order', () => {
    expect(variantLabel(options, ['s16', 'c'])).toBe('16 oz / Cocoa');
  });

  it('is empty for the implicit variant of a product without options', () => {
    expect(variantLabel([], [])).toBe('');
  });

  it('leaves out a value it cannot find, and ignores options that are not a list', () => {
    expect(variantLabel(options, ['s8', 'gone'])).toBe('8 oz');
    expect(variantLabel({ not: 'a list' }, ['s8'])).toBe('');
  });
});
