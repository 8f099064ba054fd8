import { normaliseYouTubeUrl, parseYouTubeId, toWatchUrl } from './youtube.rules';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTubeId', () => {
  it.each([
    ['a watch link', `https://www.youtube.com/watch?v=${ID}`],
    ['a watch link without www', `https://youtube.com/watch?v=${ID}`],
    ['a mobile watch link', `https://m.youtube.com/watch?v=${ID}`],
    ['a watch link with extra parameters before and after v', `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s&list=PL123`],
    ['a watch link with a fragment', `https://www.youtube.com/watch?v=${ID}#comments`],
    ['a shorts link', `https://www.youtube.com/shorts/${ID}`],
    ['a shorts link with a share parameter', `https://youtube.com/shorts/${ID}?si=AbCdEf123`],
    ['a shorts link with a trailing slash', `https://www.youtube.com/shorts/${ID}/`],
    ['a youtu.be link', `https://youtu.be/${ID}`],
    ['a youtu.be link with a time and share id', `https://youtu.be/${ID}?t=10&si=xyz`],
    ['an http link', `http://www.youtube.com/watch?v=${ID}`],
    ['a link typed without the scheme', `www.youtube.com/watch?v=${ID}`],
    ['a youtu.be link typed without the scheme', `youtu.be/${ID}`],
    ['a link with spaces around it', `  https://youtu.be/${ID}  `],
    ['an upper-case host', `https://WWW.YOUTUBE.COM/watch?v=${ID}`],
  ])('reads the id of %s', (_what, url) => {
    expect(parseYouTubeId(url)).toBe(ID);
  });

  it('keeps ids with - and _', () => {
    expect(parseYouTubeId('https://youtu.be/a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });

  it.each([
    ['an id that is too short', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['an id that is too long', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['an id with a character that is not allowed', 'https://www.youtube.com/watch?v=dQw4w9WgX.Q'],
    ['an id with an encoded character', 'https://youtu.be/dQw4w9WgX%3C'],
    ['a watch link without v', 'https://www.youtube.com/watch?list=PL123'],
    ['a watch link with an empty v', 'https://www.youtube.com/watch?v='],
    ['a shorts link without an id', 'https://www.youtube.com/shorts/'],
    ['a shorts link with more path', `https://www.youtube.com/shorts/${ID}/extra`],
    ['a youtu.be link without an id', 'https://youtu.be/'],
    ['a youtu.be link with more path', `https://youtu.be/${ID}/more`],
    ['a channel page', 'https://www.youtube.com/@islandglow'],
    ['an embed link (not one of the accepted forms)', `https://www.youtube.com/embed/${ID}`],
  ])('refuses %s', (_what, url) => {
    expect(parseYouTubeId(url)).toBeNull();
  });

  it.each([
    ['another video site', `https://vimeo.com/${ID}`],
    ['a look-alike host', `https://www.youtube.com.evil.example/watch?v=${ID}`],
    ['a host that ends like youtube', `https://notyoutube.com/watch?v=${ID}`],
    ['a youtube subdomain that is not a site', `https://evil.youtube.com/watch?v=${ID}`],
    ['a look-alike short host', `https://youtu.be.evil.example/${ID}`],
    ['a link with credentials', `https://user:pass@www.youtube.com/watch?v=${ID}`],
    ['a link with a port', `https://www.youtube.com:8443/watch?v=${ID}`],
    ['a javascript: link', `javascript:alert('https://youtu.be/${ID}')`],
    ['an ftp link', `ftp://youtu.be/${ID}`],
    ['a bare id', ID],
    ['an empty string', ''],
    ['not a URL at all', 'hello world'],
  ])('refuses %s', (_what, url) => {
    expect(parseYouTubeId(url)).toBeNull();
  });

  it('refuses values that are not strings and very long links', () => {
    expect(parseYouTubeId(undefined as unknown as string)).toBeNull();
    expect(parseYouTubeId(42 as unknown as string)).toBeNull();
    expect(parseYouTubeId(`https://www.youtube.com/watch?v=${ID}&pad=${'x'.repeat(2100)}`)).toBeNull();
  });
});

describe('toWatchUrl', () => {
  it('builds the stored watch link', () => {
    expect(toWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
  });

  it('refuses something that is not an id', () => {
    expect(() => toWatchUrl('nope')).toThrow(RangeError);
    expect(() => toWatchUrl(`${ID}&x=1`)).toThrow(RangeError);
  });

  it('is what every accepted form normalises to', () => {
    for (const url of [`https://youtu.be/${ID}?t=3`, `https://youtube.com/shorts/${ID}`, `https://m.youtube.com/watch?v=${ID}&t=1`]) {
      expect(normaliseYouTubeUrl(url)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    }
    expect(normaliseYouTubeUrl('https://vimeo.com/1')).toBeNull();
  });
});
