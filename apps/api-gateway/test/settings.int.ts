import { DEFAULT_SITE_SETTINGS } from '@shop/rules';
import { bearer, useShop } from '@shop/server-testing';

import { forgedToken, nonAdminToken } from './support/auth';

const OWNER = { ADMIN_USERNAME: 'settings-owner', ADMIN_PASSWORD: 'settings-owner-pass-1' };
const VIDEO_ID = 'dQw4w9WgXcQ';

/** The whole record as the admin form sends it, with every field changed from the defaults. */
const edited = () => ({
  homeSettings: {
    bannerImage_a: '/api/files/images/0123456789abcdef0123456789abcdef.jpg',
    bannerHeading_a: 'Carnival Glow',
    bannerSubHeading_a: 'Island Glow for the road march',
    bannerButton_a: 'See the range',
    bannerImage_b: 'https://cdn.example.com/banners/sale.png',
    bannerHeading_b: '20% OFF',
    bannerSubHeading_b: 'On all lip balms',
    bannerButton_b: 'Shop the sale',
  },
  ourProductSettings: {
    description_a: 'Made in small batches in Port of Spain.',
    description_b: 'Tested on real curls and coils.\nDelivered island-wide.',
  },
  mediaSettings: {
    photos: ['/api/files/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp', 'https://cdn.example.com/photos/shop.jpg'],
    videos: [`https://youtu.be/${VIDEO_ID}?t=12`, 'https://www.youtube.com/shorts/abcdefghijk?si=share'],
  },
  contactSettings: {
    phone: '+1 (868) 555-7788',
    call: 'a stale number the server must ignore',
    facebook: 'https://www.facebook.com/islandglow.tt',
    whatsapp: '1 868 555 9900',
    instagram: 'https://www.instagram.com/islandglow.tt/',
  },
  paymentSettings: { deliveryCost: 45.5 },
});

type Body = ReturnType<typeof edited>;
type Sections = Record<string, Record<string, unknown>>;

/** Site settings ("controls") through the gateway and two catalog replicas, over the real stack. */
describe('site settings API', () => {
  const shop = useShop({ services: ['catalog-service'], env: { LOG_LEVEL: 'debug', API_CACHE: 'false', ...OWNER } }, { admin: true, timeoutMs: 60_000 });
  let id: string;

  beforeAll(async () => {
    // The gateway's cache off: the first test races reads at both catalog replicas (the cache would make them one call).
    // A second replica, so that the first reads can race to create the defaults in two processes.
    await shop.stack.startApp('catalog-service');
  }, 60_000);

  const put = (path: string, body: unknown, headers: Record<string, string> = bearer(shop.admin)) =>
    shop.stack.request(path, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const rowCount = async () => (await shop.db.query('SELECT count(*)::int AS n FROM catalog.site_settings')).rows[0].n as number;
  const current = async () => (await shop.stack.request('/api/controls')).body[0];

  it('creates the defaults once, even when the first reads arrive together at two replicas', async () => {
    expect(await rowCount()).toBe(0);
    const ids = Array.from({ length: 16 }, (_, i) => `req-settings-first-${i}`);
    const answers = await Promise.all(ids.map((rid) => shop.stack.request('/api/controls', { headers: { 'x-request-id': rid } })));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
    }
    expect(new Set(answers.map((res) => res.body[0]._id)).size).toBe(1);
    expect(await rowCount()).toBe(1);
    // Both replicas took part in the race.
    const replicas = shop.stack.running('catalog-service');
    expect(replicas).toHaveLength(2);
    for (const replica of replicas) {
      expect(replica.lines.some((l) => l.msg === 'handled message' && ids.includes(String(l.requestId)))).toBe(true);
    }

    const [record] = answers[0].body;
    id = record._id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(record.homeSettings).toEqual({
      bannerImage_a: '/images/Model1.png',
      bannerHeading_a: 'Welcome To',
      bannerSubHeading_a: expect.any(String),
      bannerButton_a: 'Shop Now',
      bannerImage_b: '/images/Model2.png',
      bannerHeading_b: '10% OFF',
      bannerSubHeading_b: 'On All Items',
      bannerButton_b: 'Shop Now',
    });
    expect(record.ourProductSettings.description_a.length).toBeGreaterThan(20);
    expect(record.ourProductSettings.description_b.length).toBeGreaterThan(20);
    expect(record.mediaSettings).toEqual({ photos: [], videos: [] });
    expect(record.contactSettings).toEqual({
      phone: '(868)555-0123',
      call: '(868)555-0123',
      facebook: expect.stringMatching(/^https:\/\//),
      whatsapp: expect.any(String),
      instagram: expect.stringMatching(/^https:\/\//),
    });
    expect(record.paymentSettings).toEqual({ deliveryCost: 35 });
    // Issue 25: the shop's hours, pick-up address and pages start with the shop's default texts.
    expect(record.shopSettings).toEqual(DEFAULT_SITE_SETTINGS.shopSettings);
    expect(record.shopSettings.pickupAddress).toContain('Port of Spain');
    expect(record.pageSettings).toEqual(DEFAULT_SITE_SETTINGS.pageSettings);

    const again = await shop.stack.request('/api/controls');
    expect(again.body).toEqual(answers[0].body);
    expect(await rowCount()).toBe(1);
  });

  it('replaces the whole record for an admin: call follows phone, videos become watch links, money is kept in cents', async () => {
    const body = { _id: id, ...edited() };
    const res = await put(`/api/controls/${id}`, body);
    expect(res.status).toBe(200);
    const expected = {
      _id: id,
      ...edited(),
      mediaSettings: {
        photos: edited().mediaSettings.photos,
        videos: [`https://www.youtube.com/watch?v=${VIDEO_ID}`, 'https://www.youtube.com/watch?v=abcdefghijk'],
      },
      contactSettings: { ...edited().contactSettings, call: '+1 (868) 555-7788' },
      // Issue 17's sections, left out of this body, stay as stored (the defaults here).
      receiptSettings: { vatRegistrationNumber: '' },
      stockSettings: { lowStockThreshold: 3 },
      // So do issue 25's.
      shopSettings: DEFAULT_SITE_SETTINGS.shopSettings,
      pageSettings: DEFAULT_SITE_SETTINGS.pageSettings,
      // And issue 28's and 29's.
      backInStockSettings: DEFAULT_SITE_SETTINGS.backInStockSettings,
      bankTransferSettings: DEFAULT_SITE_SETTINGS.bankTransferSettings,
    };
    expect(res.body).toEqual(expected);
    expect(await current()).toEqual(expected);
    const { rows } = await shop.db.query('SELECT delivery_cost_cents, contact FROM catalog.site_settings');
    expect(rows).toEqual([{ delivery_cost_cents: 4550, contact: expect.not.objectContaining({ call: expect.anything() }) }]);
  });

  describe('refuses a bad field with 400 naming it, and changes nothing', () => {
    let before: unknown;
    beforeAll(async () => {
      before = await current();
    });
    afterEach(async () => {
      expect(await current()).toEqual(before);
    });

    /** The edited record with one change (and, to show nothing is half-written, a valid change elsewhere). */
    const attempt = async (change: (b: Sections) => void) => {
      const body = edited() as unknown as Sections;
      body.homeSettings.bannerHeading_a = 'A change that must not be saved';
      change(body);
      return put(`/api/controls/${id}`, body);
    };

    it.each<[string, (b: Sections) => void, string]>([
      ['a missing heading', (b) => delete b.homeSettings.bannerHeading_b, 'Banner 2 heading is required'],
      ['a blank sub heading', (b) => (b.homeSettings.bannerSubHeading_a = '   '), 'Banner 1 sub heading is required'],
      ['a missing button', (b) => delete b.homeSettings.bannerButton_b, 'Banner 2 button is required'],
      ['a heading that is too long', (b) => (b.homeSettings.bannerHeading_b = 'x'.repeat(81)), 'Banner 2 heading must be at most 80 characters'],
      ['a button that is too long', (b) => (b.homeSettings.bannerButton_a = 'x'.repeat(31)), 'Banner 1 button must be at most 30 characters'],
      ['a heading on two lines', (b) => (b.homeSettings.bannerHeading_b = 'Two\nlines'), 'Banner 2 heading must be a single line of text'],
      [
        'a banner image that is not an upload, site image or https URL',
        (b) => (b.homeSettings.bannerImage_a = 'http://example.com/a.png'),
        'Banner 1 image must be an uploaded image, a site image (/images/...) or an https URL',
      ],
      ['a missing product description', (b) => delete b.ourProductSettings.description_a, 'Product description 1 is required'],
      [
        'a description that is too long',
        (b) => (b.ourProductSettings.description_b = 'x'.repeat(2001)),
        'Product description 2 must be at most 2000 characters',
      ],
      ['a facebook link that is not https', (b) => (b.contactSettings.facebook = 'http://facebook.com/x'), 'Facebook must be an https URL (https://...)'],
      ['an instagram link that is not a URL', (b) => (b.contactSettings.instagram = '@islandglow'), 'Instagram must be an https URL (https://...)'],
      ['a missing phone', (b) => delete b.contactSettings.phone, 'Phone is required'],
      ['a phone with letters', (b) => (b.contactSettings.phone = '868-CALL-NOW'), 'Phone may contain only digits, spaces, +, - and parentheses'],
      ['a whatsapp number with too few digits', (b) => (b.contactSettings.whatsapp = '555 12'), 'WhatsApp must have 7 to 15 digits'],
      [
        'a delivery cost with three decimals',
        (b) => (b.paymentSettings.deliveryCost = 35.125),
        'Delivery cost must be 0 or more with at most two decimals',
      ],
      ['a negative delivery cost', (b) => (b.paymentSettings.deliveryCost = -5), 'Delivery cost must be 0 or more with at most two decimals'],
      ['a delivery cost sent as text', (b) => (b.paymentSettings.deliveryCost = '35.00'), 'Delivery cost must be a number'],
      ['an absurd delivery cost', (b) => (b.paymentSettings.deliveryCost = 250000), 'Delivery cost must be at most TT$10,000.00'],
      ['a photo that is not an image URL', (b) => (b.mediaSettings.photos = ['/api/files/ok.jpg', 'file:///etc/passwd']), 'Photo 2 must be an uploaded image or an https URL'],
      [
        'a video that is not a YouTube link',
        (b) => (b.mediaSettings.videos = [`https://youtu.be/${VIDEO_ID}`, 'https://vimeo.com/76979871']),
        'Video 2 must be a YouTube watch, shorts or youtu.be link',
      ],
      [
        'a YouTube link with a malformed id',
        (b) => (b.mediaSettings.videos = ['https://www.youtube.com/watch?v=tooShort']),
        'Video 1 must be a YouTube watch, shorts or youtu.be link',
      ],
      ['a missing section', (b) => delete b.contactSettings, 'Contact settings are required'],
    ])('%s', async (_what, change, message) => {
      const res = await attempt(change);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    });

    it('a body that is not a settings record', async () => {
      const res = await put(`/api/controls/${id}`, ['not', 'a', 'record']);
      expect(res).toMatchObject({ status: 400, body: { message: 'The request body must be the whole site settings record' } });
    });
  });

  describe('is for admins only', () => {
    it('refuses a request without a token', async () => {
      const res = await put(`/api/controls/${id}`, edited(), {});
      expect(res).toMatchObject({ status: 401, body: { message: 'Not authorized, no token' } });
    });

    it('refuses a forged token', async () => {
      const res = await put(`/api/controls/${id}`, edited(), bearer(forgedToken()));
      expect(res).toMatchObject({ status: 401, body: { message: 'Not authorized, token failed' } });
    });

    it('refuses a valid token of an account that is not an admin', async () => {
      const res = await put(`/api/controls/${id}`, edited(), bearer(await nonAdminToken(shop.stack)));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: expect.any(String) });
    });

    it('kept the record as it was', async () => {
      expect((await current()).homeSettings.bannerHeading_a).toBe('Carnival Glow');
    });
  });

  it('answers 404 for an unknown or malformed id, and changes nothing', async () => {
    const before = await current();
    const body: Body = { ...edited(), homeSettings: { ...edited().homeSettings, bannerHeading_a: 'Not saved' } };
    for (const path of ['/api/controls/00000000-0000-4000-8000-000000000000', '/api/controls/not-an-id', "/api/controls/1'%20OR%20'1'='1"]) {
      const res = await put(path, body);
      expect(res).toMatchObject({ status: 404, body: { message: 'Site settings not found' } });
    }
    expect(await current()).toEqual(before);
    expect(await rowCount()).toBe(1);
  });

  it('documents both routes in OpenAPI', async () => {
    const res = await shop.stack.request('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.paths['/api/controls'].get).toBeDefined();
    const update = res.body.paths['/api/controls/{id}'].put;
    expect(update.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(update.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(update.requestBody.content['application/json'].schema.properties.contactSettings).toBeDefined();
  });

  describe('one section at a time (PATCH, issue 26)', () => {
    const patch = (body: unknown, headers: Record<string, string> = bearer(shop.admin), path = `/api/controls/${id}`) =>
      shop.stack.request(path, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    it('replaces only the sections sent, and keeps the rest as stored', async () => {
      const before = await current();
      const shopSettings = { openingHours: 'Mon–Fri 8 am – 5 pm\r\nSat 9 am – 1 pm', pickupAddress: '  7 Queen Street\nArima  ' };
      const res = await patch({ shopSettings });
      expect(res.status).toBe(200);
      const expected = { ...before, shopSettings: { openingHours: 'Mon–Fri 8 am – 5 pm\nSat 9 am – 1 pm', pickupAddress: '7 Queen Street\nArima' } };
      expect(res.body).toEqual(expected);
      expect(await current()).toEqual(expected);
      const { rows } = await shop.db.query('SELECT shop FROM catalog.site_settings');
      expect(rows).toEqual([{ shop: expected.shopSettings }]);
    });

    it('keeps the page text as the owner typed it, markup included (the storefront shows it as text)', async () => {
      const pageSettings = { delivery: 'We deliver <b>daily</b>.\n\nSecond paragraph.', returns: 'Within 7 days.', privacy: 'We keep little.' };
      const res = await patch({ pageSettings });
      expect(res.status).toBe(200);
      expect((await current()).pageSettings).toEqual(pageSettings);
    });

    it('never writes another section with what a screen loaded earlier', async () => {
      // Two sections edited from the same loaded record, saved one after the other: both changes stay.
      const loaded = await current();
      const contact = await patch({ contactSettings: { ...loaded.contactSettings, whatsapp: '868 555 4242' } });
      expect(contact.status).toBe(200);
      const home = await patch({ homeSettings: { ...loaded.homeSettings, bannerHeading_b: 'Fresh from the section' } });
      expect(home.status).toBe(200);
      const now = await current();
      expect(now.contactSettings.whatsapp).toBe('868 555 4242');
      expect(now.homeSettings.bannerHeading_b).toBe('Fresh from the section');
      // A whole-record PUT from an older client that does not know issue 25's sections leaves them as they are.
      const { shopSettings: _s, pageSettings: _p, _id, ...older } = now;
      const put200 = await put(`/api/controls/${id}`, older);
      expect(put200.status).toBe(200);
      expect(put200.body.shopSettings).toEqual(now.shopSettings);
      expect(put200.body.pageSettings).toEqual(now.pageSettings);
    });

    it('saves the media lists alone (the Media screen saves each upload at once)', async () => {
      const before = await current();
      const res = await patch({ mediaSettings: { photos: ['/api/files/images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp'], videos: [`https://youtu.be/${VIDEO_ID}`] } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...before,
        mediaSettings: { photos: ['/api/files/images/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp'], videos: [`https://www.youtube.com/watch?v=${VIDEO_ID}`] },
      });
    });

    it.each<[string, unknown, string]>([
      ['no section', {}, 'Send at least one settings section'],
      ['only unknown keys', { colourSettings: { theme: 'pink' } }, 'Send at least one settings section'],
      ['a list', ['homeSettings'], 'The request body must be an object of settings sections'],
      ['a blank opening hours', { shopSettings: { openingHours: ' ', pickupAddress: 'Arima' } }, 'Opening hours is required'],
      ['a pick-up address that is too long', { shopSettings: { openingHours: 'Daily', pickupAddress: 'x'.repeat(301) } }, 'Pick-up address must be at most 300 characters'],
      ['a page with control characters', { pageSettings: { delivery: 'a\u0007b', returns: 'r', privacy: 'p' } }, 'Delivery page may contain only text and line breaks'],
      ['a section missing a field', { pageSettings: { delivery: 'd', returns: 'r' } }, 'Privacy page is required'],
      ['a bad field in a second section', { shopSettings: { openingHours: 'Daily', pickupAddress: 'Arima' }, paymentSettings: { deliveryCost: -1 } }, 'Delivery cost must be 0 or more with at most two decimals'],
    ])('refuses %s with 400 naming it, and changes nothing', async (_what, body, message) => {
      const before = await current();
      const res = await patch(body);
      expect(res).toMatchObject({ status: 400, body: { message } });
      expect(await current()).toEqual(before);
    });

    it('is for admins only, and answers 404 for an unknown or malformed id', async () => {
      const before = await current();
      const body = { shopSettings: { openingHours: 'Never', pickupAddress: 'Nowhere' } };
      expect(await patch(body, {})).toMatchObject({ status: 401, body: { message: 'Not authorized, no token' } });
      expect((await patch(body, bearer(await nonAdminToken(shop.stack)))).status).toBe(403);
      for (const path of ['/api/controls/00000000-0000-4000-8000-000000000000', '/api/controls/not-an-id']) {
        expect(await patch(body, bearer(shop.admin), path)).toMatchObject({ status: 404, body: { message: 'Site settings not found' } });
      }
      expect(await current()).toEqual(before);
    });

    it('is documented in OpenAPI', async () => {
      const res = await shop.stack.request('/api/docs/openapi.json');
      const route = res.body.paths['/api/controls/{id}'].patch;
      expect(route.security).toEqual([{ bearer: [] }]);
      expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
      expect(route.requestBody.content['application/json'].schema.properties.shopSettings).toBeDefined();
    });
  });
});
