import { pageItems } from './page-items';

/** The items as text: page numbers, and '…' for a break mark. */
const shown = (current: number, pages: number) => pageItems(current, pages).map((item) => (item.kind === 'page' ? String(item.page) : '…'));

describe('pageItems', () => {
  it('shows every page when there are at most 5', () => {
    expect(shown(1, 1)).toEqual(['1']);
    expect(shown(2, 5)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('shows 5 pages around the current one, with the last page after a break', () => {
    expect(shown(1, 20)).toEqual(['1', '2', '3', '4', '5', '…', '20']);
    expect(shown(3, 20)).toEqual(['1', '2', '3', '4', '5', '…', '20']);
  });

  it('puts break marks on both sides in the middle', () => {
    expect(shown(10, 20)).toEqual(['1', '…', '8', '9', '10', '11', '12', '…', '20']);
  });

  it('keeps 5 pages at the end, and no break where no page is skipped', () => {
    expect(shown(20, 20)).toEqual(['1', '…', '16', '17', '18', '19', '20']);
    expect(shown(4, 6)).toEqual(['1', '2', '3', '4', '5', '6']);
  });
});
