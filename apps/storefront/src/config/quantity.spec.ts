import { clampQty, QTY_CHOICES_MAX, qtyChoices } from './quantity';

describe('qtyChoices', () => {
  it('offers 1 to the stock', () => {
    expect(qtyChoices(3)).toEqual([1, 2, 3]);
  });

  it('offers at most QTY_CHOICES_MAX however large the stock', () => {
    const choices = qtyChoices(1_000_000);
    expect(choices).toHaveLength(QTY_CHOICES_MAX);
    expect(choices.at(-1)).toBe(QTY_CHOICES_MAX);
  });

  it('keeps a quantity already chosen above the stock or the cap, and offers 1 when nothing is in stock', () => {
    expect(qtyChoices(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(qtyChoices(1_000, 150)).toHaveLength(150);
    expect(qtyChoices(0)).toEqual([1]);
  });
});

describe('clampQty', () => {
  it('keeps a whole quantity from 1 to the stock', () => {
    expect(clampQty(3, 5)).toBe(3);
    expect(clampQty(9, 5)).toBe(5);
    expect(clampQty(0, 5)).toBe(1);
    expect(clampQty(2.7, 5)).toBe(2);
  });

  it('answers 1 for nonsense and for a product out of stock', () => {
    expect(clampQty(Number.NaN, 5)).toBe(1);
    expect(clampQty(Number(''), 5)).toBe(1);
    expect(clampQty(4, 0)).toBe(1);
  });
});
