import { expectedDelivery } from './expected-delivery';

describe('expectedDelivery', () => {
  it('counts working days from the day the order was placed in Trinidad', () => {
    // Thursday 26 Nov 2026, 10:00 in Port of Spain: 2-3 working days is Monday or Tuesday.
    expect(expectedDelivery('2026-11-26T14:00:00Z', '2-3 working days')).toBe('between Mon, 30 Nov and Tue, 1 Dec');
    expect(expectedDelivery('2026-11-26T14:00:00Z', '1 working day')).toBe('Fri, 27 Nov');
  });

  it('uses the shop\'s calendar day: 22:00 on Friday in Trinidad is still Friday', () => {
    expect(expectedDelivery('2026-11-28T02:00:00Z', '1-2 working days')).toBe('between Mon, 30 Nov and Tue, 1 Dec');
  });

  it('says nothing for an estimate that is not in working days', () => {
    expect(expectedDelivery('2026-11-26T14:00:00Z', 'Ready the next working day')).toBeNull();
    expect(expectedDelivery('not a date', '2-3 working days')).toBeNull();
  });
});
