import { DEFAULT_SITE_SETTINGS } from '@shop/rules';
import { SiteSettingsEntity } from './site-settings.entity';
import { toSettingsColumns, toSiteSettings } from './site-settings.mapper';

describe('site settings mapper', () => {
  it('stores the delivery cost in cents and gives it back as an amount', () => {
    const values = { ...structuredClone(DEFAULT_SITE_SETTINGS), paymentSettings: { deliveryCost: 1250.5 } };
    const columns = toSettingsColumns(values);
    expect(columns.deliveryCostCents).toBe(125050);
    const entity = Object.assign(new SiteSettingsEntity(), { id: 'id-1', singleton: true, ...columns });
    expect(toSiteSettings(entity).paymentSettings.deliveryCost).toBe(1250.5);
  });

  it('does not store call, and answers it equal to phone', () => {
    const columns = toSettingsColumns({
      ...structuredClone(DEFAULT_SITE_SETTINGS),
      contactSettings: { ...DEFAULT_SITE_SETTINGS.contactSettings, phone: '868 555 1111', call: 'stale' },
    });
    expect(columns.contact).not.toHaveProperty('call');
    const entity = Object.assign(new SiteSettingsEntity(), { id: 'id-1', singleton: true, ...columns });
    expect(toSiteSettings(entity).contactSettings).toMatchObject({ phone: '868 555 1111', call: '868 555 1111' });
  });

  it('answers only the known fields, whatever else the jsonb holds', () => {
    const columns = toSettingsColumns(structuredClone(DEFAULT_SITE_SETTINGS));
    const entity = Object.assign(new SiteSettingsEntity(), {
      id: 'id-1',
      singleton: true,
      ...columns,
      home: { ...columns.home, internalNote: 'x' },
    });
    const answer = toSiteSettings(entity);
    expect(answer).toEqual({ _id: 'id-1', ...DEFAULT_SITE_SETTINGS });
    expect(answer.homeSettings).not.toHaveProperty('internalNote');
  });
});

describe('site settings mapper: shop and pages (issue 25)', () => {
  it('answers the default texts for a record saved before the sections existed, and the stored ones after', () => {
    const { shopSettings: _s, pageSettings: _p, ...older } = structuredClone(DEFAULT_SITE_SETTINGS);
    const columns = toSettingsColumns(older);
    expect(columns).not.toHaveProperty('shop');
    expect(columns).not.toHaveProperty('pages');
    const entity = Object.assign(new SiteSettingsEntity(), { id: 'id-1', singleton: true, ...columns, shop: null, pages: null });
    expect(toSiteSettings(entity).shopSettings).toEqual(DEFAULT_SITE_SETTINGS.shopSettings);
    expect(toSiteSettings(entity).pageSettings).toEqual(DEFAULT_SITE_SETTINGS.pageSettings);

    const saved = toSettingsColumns({ ...structuredClone(DEFAULT_SITE_SETTINGS), shopSettings: { openingHours: 'Daily 8–8', pickupAddress: 'Arima' } });
    const after = Object.assign(new SiteSettingsEntity(), { id: 'id-1', singleton: true, ...saved });
    expect(toSiteSettings(after).shopSettings).toEqual({ openingHours: 'Daily 8–8', pickupAddress: 'Arima' });
  });
});
