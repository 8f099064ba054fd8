import { promisesSaving } from './banner-promise';

describe('promisesSaving', () => {
  it.each(['10% OFF', 'On All Items 20 % off', 'Big Sale', 'Discounts this week', 'TT$10 OFF'])('"%s" promises a saving', (text) => {
    expect(promisesSaving(text)).toBe(true);
  });

  it.each(['Welcome To', 'Island Glow Hair & Beauty', 'Made for Island Hair & Skin', 'Offers a glow', 'Wholesale? Ask us'])('"%s" does not', (text) => {
    expect(promisesSaving(text)).toBe(false);
  });
});
