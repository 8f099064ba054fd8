import { describeRejectedFile, sniffImageKind } from './image-type';

const bytes = (...values: Array<number | string>) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));

describe('sniffImageKind', () => {
  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageKind(bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF'))).toBe('jpeg');
    expect(sniffImageKind(bytes(0x89, 'PNG\r\n', 0x1a, '\n', 'IHDR'))).toBe('png');
    expect(sniffImageKind(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses everything else, however it is named', () => {
    expect(sniffImageKind(bytes('GIF89a', 1, 0, 1, 0))).toBeNull();
    expect(sniffImageKind(Buffer.from('just some text pretending to be a .png'))).toBeNull();
    expect(sniffImageKind(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(sniffImageKind(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageKind(Buffer.alloc(0))).toBeNull();
  });
});

describe('describeRejectedFile', () => {
  it('names common files that are not accepted', () => {
    expect(describeRejectedFile(bytes('GIF89a', 1, 0))).toBe('a GIF image');
    expect(describeRejectedFile(bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0))).toBe('a HEIC image');
    expect(describeRejectedFile(bytes(0, 0, 0, 0x18, 'ftypavif', 0, 0))).toBe('an AVIF image');
    expect(describeRejectedFile(Buffer.from('<?xml version="1.0"?><svg></svg>'))).toBe('an SVG image');
    expect(describeRejectedFile(Buffer.from('%PDF-1.7'))).toBe('a PDF document');
    expect(describeRejectedFile(Buffer.from('hello'))).toBe('not a JPEG, PNG or WebP image');
  });
});
