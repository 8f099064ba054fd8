import { S3Client } from '@aws-sdk/client-s3';
import { S3FileStorage, type S3StorageOptions } from './s3-file-storage';

// Only the addresses are checked here: no S3-compatible server runs on this machine, and the upload
// itself is not faked (see the report of the uploads work).
describe('S3FileStorage addresses', () => {
  const make = (options: Partial<S3StorageOptions>) => {
    const full: S3StorageOptions = { bucket: 'shop-images', region: 'us-east-1', forcePathStyle: false, ...options };
    const client = new S3Client({ region: full.region, endpoint: full.endpoint, forcePathStyle: full.forcePathStyle });
    return new S3FileStorage(client, full);
  };

  it('uses the public base URL when one is configured', () => {
    expect(make({ publicBaseUrl: 'https://cdn.example.com/shop/' }).urlOf('images/a.jpg')).toBe('https://cdn.example.com/shop/images/a.jpg');
  });

  it('falls back to the bucket address of AWS, or of the endpoint in either style', () => {
    expect(make({ region: 'ca-central-1' }).urlOf('images/a.jpg')).toBe('https://shop-images.s3.ca-central-1.amazonaws.com/images/a.jpg');
    expect(make({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true }).urlOf('images/a.jpg')).toBe(
      'http://127.0.0.1:9000/shop-images/images/a.jpg',
    );
    expect(make({ endpoint: 'https://nyc3.digitaloceanspaces.com' }).urlOf('images/a.jpg')).toBe(
      'https://shop-images.nyc3.digitaloceanspaces.com/images/a.jpg',
    );
  });

  it('refuses unsafe keys', () => {
    expect(() => make({}).urlOf('../x')).toThrow(/Unsafe storage key/);
  });
});
