import { combinationCount, optionDrafts, optionsInput } from './option-drafts';

describe("the product form's options", () => {
  const saved = optionDrafts([
    { id: 'sz', name: 'Size', values: [{ id: 'v8', label: '8 oz' }, { id: 'v16', label: '16 oz' }] },
    { id: 'sh', name: 'Shade', values: [{ id: 'co', label: 'Cocoa', swatch: '#7b4a2d' }] },
  ]);

  it("sends the saved ids back, so that a rename keeps the variants, and a value still in the 'Add a value' box", () => {
    const drafts = saved.map((o, i) => (i === 1 ? { ...o, pending: ' Honey ' } : o));
    expect(optionsInput(drafts)).toEqual([
      { id: 'sz', name: 'Size', values: [{ id: 'v8', label: '8 oz' }, { id: 'v16', label: '16 oz' }] },
      { id: 'sh', name: 'Shade', values: [{ id: 'co', label: 'Cocoa', swatch: '#7b4a2d' }, { label: 'Honey' }] },
    ]);
    expect(combinationCount(drafts)).toBe(4);
  });

  it('does not add a value the option has already, whatever its case and spacing', () => {
    const drafts = [{ ...saved[0], pending: '8  OZ' }];
    expect(optionsInput(drafts)[0].values).toHaveLength(2);
    expect(combinationCount([])).toBe(1);
  });
});
