import { readUrlSetting } from './url-setting';

describe('readUrlSetting', () => {
  it('takes nothing, a path or an http(s) URL', () => {
    expect(readUrlSetting('VITE_API_URL', undefined)).toBeUndefined();
    expect(readUrlSetting('VITE_API_URL', '')).toBeUndefined();
    expect(readUrlSetting('VITE_API_URL', '/api')).toBe('/api');
    expect(readUrlSetting('VITE_API_URL', 'https://shop.example/api')).toBe('https://shop.example/api');
    expect(readUrlSetting('VITE_API_URL', 'http://localhost:3000/api')).toBe('http://localhost:3000/api');
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => readUrlSetting('VITE_API_URL', 'shop.example/api')).toThrow('VITE_API_URL must be a path or an http(s) URL, got "shop.example/api"');
    expect(() => readUrlSetting('VITE_STOREFRONT_URL', 'ftp://shop.example')).toThrow(/VITE_STOREFRONT_URL/);
  });
});
