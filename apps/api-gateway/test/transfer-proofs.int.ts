import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signOrderLink } from '@shop/server-config';
import { bearer, customer, json, useShop, visitor } from '@shop/server-testing';
import sharp from 'sharp';

const SECRET = 'transfer-proofs-link-secret-0123456789abcdef';
const MAX_BYTES = 256 * 1024;
const ACCOUNT = { bank: 'Republic Bank', accountName: 'Island Glow Ltd', accountNumber: '180-4455-667', accountType: 'Chequing', instructions: '' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A photo of a receipt as a phone takes it: a JPEG with the camera's and the place's data in its EXIF. */
const phonePhoto = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 240, g: 240, b: 235 } } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'X1', Artist: 'Asha Private' } })
    .toBuffer();

/**
 * Issue 29 over the real stack: the shopper's proof of transfer. Only whoever may see the order whole may send one;
 * it goes through the admin uploads' checks; it is kept where no public address reaches it and only the owner opens it.
 */
describe('proof of transfer (issue 29)', () => {
  const shop = useShop(
    { services: ['catalog-service', 'order-service'], env: { SEED_DEMO_DATA: 'false', ORDER_LINK_SECRET: SECRET, UPLOAD_MAX_BYTES: String(MAX_BYTES) } },
    { admin: true, timeoutMs: 120_000 },
  );
  let privateDir: string;
  let publicDir: string;

  beforeAll(async () => {
    privateDir = shop.stack.env.PRIVATE_UPLOADS_DIR;
    publicDir = shop.stack.env.UPLOADS_DIR;
    const settingsId = (await shop.stack.request('/api/controls')).body[0]._id as string;
    const on = await shop.stack.request(`/api/controls/${settingsId}`, {
      method: 'PATCH',
      ...json({ bankTransferSettings: { enabled: true, holdHours: 72, accounts: [ACCOUNT] } }, bearer(shop.admin)),
    });
    expect(on.status).toBe(200);
  }, 120_000);

  const placeTransferOrder = async () => {
    const me = visitor();
    const p = await shop.db.product(10);
    const placed = await shop.stack.request('/api/orders', {
      method: 'POST',
      ...json({ ...customer(me), email: `${me}@shopper.test`, orderItems: [{ product: p.id, qty: 1 }], paymentMethod: 'bank_transfer' }, { 'x-visitor-id': me }),
    });
    expect(placed.status).toBe(201);
    return { id: placed.body._id as string, me, total: placed.body.totalPrice as number };
  };
  const sendProof = (id: string, data: Buffer, headers: Record<string, string>, type = 'image/jpeg') => {
    const form = new FormData();
    form.append('proof', new Blob([new Uint8Array(data)], { type }), 'receipt');
    return shop.stack.request(`/api/orders/${id}/transfer-proofs`, { method: 'POST', headers, body: form });
  };
  const privateFiles = (id: string) => (existsSync(join(privateDir, 'transfer-proofs', id)) ? readdirSync(join(privateDir, 'transfer-proofs', id)) : []);
  const openProof = (id: string, proofId: string, headers: Record<string, string> = {}) => fetch(`${shop.stack.gatewayUrl}/api/orders/${id}/transfer-proofs/${proofId}`, { headers });

  it("takes the shopper's photo, cleaned of its metadata, kept privately, on the timeline; a stranger is refused before anything is kept", async () => {
    const { id, me } = await placeTransferOrder();
    const photo = await phonePhoto();

    const stranger = await sendProof(id, photo, { 'x-visitor-id': visitor() });
    expect(stranger).toMatchObject({ status: 403, body: { message: "You can only send a proof for your own order: open it from the browser you ordered in, or from your mail's link." } });
    const anonymous = await sendProof(id, photo, {});
    expect(anonymous.status).toBe(403);
    expect(privateFiles(id)).toEqual([]);

    const sent = await sendProof(id, photo, { 'x-visitor-id': me });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Thank you: your proof of transfer was received. The shop will check it and confirm your payment.');
    expect(sent.body.proofs).toEqual([{ id: expect.any(String), kind: 'image', contentType: 'image/jpeg', sizeBytes: expect.any(Number), uploadedAt: expect.any(String) }]);

    // Kept under the private folder only, re-encoded without the camera's data; nothing in the public uploads.
    const [name] = privateFiles(id);
    expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const kept = readFileSync(join(privateDir, 'transfer-proofs', id, name ?? ''));
    expect(kept.length).toBe(sent.body.proofs[0].sizeBytes);
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    expect(kept.toString('latin1')).not.toMatch(/PhoneCo|Asha Private/);
    expect(existsSync(join(publicDir, 'transfer-proofs'))).toBe(false);
    expect((await fetch(`${shop.stack.gatewayUrl}/api/files/transfer-proofs/${id}/${name}`)).status).toBe(404);

    // The shopper's view lists it (no file address); the order's public view does not.
    const mine = await shop.stack.request(`/api/orders/${id}`, { headers: { 'x-visitor-id': me } });
    expect(mine.body.transferProofs).toEqual(sent.body.proofs);
    expect(mine.body.timeline.at(-1)).toMatchObject({ action: 'upload_transfer_proof', from: 'awaiting_transfer', to: 'awaiting_transfer', actor: 'shopper', note: expect.stringMatching(/^A photo, \d+ KB$/) });
    expect((await shop.stack.request(`/api/orders/${id}`)).body.transferProofs).toBeUndefined();
  });

  it('refuses a wrong type, an empty file, a damaged PDF and a file over UPLOAD_MAX_BYTES, saying which; keeps nothing', async () => {
    const { id, me } = await placeTransferOrder();
    const as = { 'x-visitor-id': me };
    const gif = await sendProof(id, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), as, 'image/gif');
    expect(gif).toMatchObject({ status: 400, body: { message: 'The file is a GIF image: only photos (JPEG, PNG or WebP) and PDF documents are accepted' } });
    // The name and the declared type are the client's word: a text file called receipt.jpg is still refused.
    const text = await sendProof(id, Buffer.from('this is not a photo'), as, 'image/jpeg');
    expect(text).toMatchObject({ status: 400, body: { message: 'The file is not a photo or a PDF: only photos (JPEG, PNG or WebP) and PDF documents are accepted' } });
    expect(await sendProof(id, Buffer.alloc(0), as)).toMatchObject({ status: 400, body: { message: 'Choose a photo or PDF of your transfer first.' } });
    const cut = await sendProof(id, PDF.subarray(0, PDF.length - 10), as, 'application/pdf');
    expect(cut).toMatchObject({ status: 400, body: { message: 'The PDF could not be read: the file is damaged or incomplete' } });
    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(MAX_BYTES), PDF.subarray(9)]);
    expect(await sendProof(id, big, as, 'application/pdf')).toMatchObject({ status: 400, body: { message: 'The file is too big: at most 256 KB is accepted' } });
    expect(privateFiles(id)).toEqual([]);
    expect((await shop.stack.request(`/api/orders/${id}`, { headers: as })).body.transferProofs).toEqual([]);
  });

  it("takes a PDF from the mail's signed link in another browser; only the owner opens the files", async () => {
    const { id, me } = await placeTransferOrder();
    const link = signOrderLink(SECRET, id, new Date(), 30);
    const photo = await sendProof(id, await phonePhoto(), { 'x-visitor-id': me });
    const pdf = await sendProof(id, PDF, { 'x-order-link': link }, 'application/pdf');
    expect(pdf.status).toBe(201);
    expect(pdf.body.proofs.map((p: { kind: string }) => p.kind)).toEqual(['image', 'pdf']);
    const [photoProof, pdfProof] = pdf.body.proofs as Array<{ id: string }>;
    expect(photoProof?.id).toBe(photo.body.proofs[0].id);

    const asOwner = await openProof(id, photoProof?.id ?? '', bearer(shop.admin));
    expect(asOwner.status).toBe(200);
    expect(asOwner.headers.get('content-type')).toBe('image/jpeg');
    expect(asOwner.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await asOwner.arrayBuffer()).equals(readFileSync(join(privateDir, 'transfer-proofs', id, privateFiles(id).find((f) => f.endsWith('.jpg')) ?? '')))).toBe(true);
    const pdfAsOwner = await openProof(id, pdfProof?.id ?? '', bearer(shop.admin));
    expect(pdfAsOwner.status).toBe(200);
    expect(pdfAsOwner.headers.get('content-type')).toBe('application/pdf');
    expect(pdfAsOwner.headers.get('content-disposition')).toMatch(/^attachment; filename="proof-of-transfer-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(Buffer.from(await pdfAsOwner.arrayBuffer()).equals(PDF)).toBe(true);

    // Nobody else: not anonymous, not the shopper who sent it, not the mail's link.
    expect((await openProof(id, photoProof?.id ?? '')).status).toBe(401);
    expect((await openProof(id, photoProof?.id ?? '', { 'x-visitor-id': me })).status).toBe(401);
    expect((await openProof(id, photoProof?.id ?? '', { 'x-order-link': link })).status).toBe(401);
    // Another order's id with this proof: not found.
    const other = await placeTransferOrder();
    expect((await openProof(other.id, photoProof?.id ?? '', bearer(shop.admin))).status).toBe(404);

    // The owner's order shows both, for checking before marking it paid.
    const owners = await shop.stack.request(`/api/orders/${id}`, { headers: bearer(shop.admin) });
    expect(owners.body.transferProofs).toEqual(pdf.body.proofs);
  });

  it("removes a deleted order's proof files with it", async () => {
    const { id, me } = await placeTransferOrder();
    expect((await sendProof(id, PDF, { 'x-visitor-id': me }, 'application/pdf')).status).toBe(201);
    expect(privateFiles(id)).toHaveLength(1);
    expect((await shop.stack.request(`/api/orders/${id}/cancel`, { method: 'POST', headers: bearer(shop.admin) })).body.state).toBe('cancelled');
    expect(await shop.stack.request(`/api/orders/${id}`, { method: 'DELETE', headers: bearer(shop.admin) })).toMatchObject({ status: 200, body: { message: 'Order removed' } });
    expect(privateFiles(id)).toEqual([]);
  });

  it('takes at most 5 proofs per order, and none once the order is paid', async () => {
    const { id, me, total } = await placeTransferOrder();
    const as = { 'x-visitor-id': me };
    for (let n = 1; n <= 5; n++) expect((await sendProof(id, PDF, as, 'application/pdf')).status).toBe(201);
    const sixth = await sendProof(id, PDF, as, 'application/pdf');
    expect(sixth).toMatchObject({ status: 409, body: { message: 'This order already has 5 proofs of transfer, the most it can take. Please send any other on WhatsApp.' } });
    expect(privateFiles(id)).toHaveLength(5);

    const second = await placeTransferOrder();
    expect((await sendProof(second.id, PDF, { 'x-visitor-id': second.me }, 'application/pdf')).status).toBe(201);
    const paid = await shop.stack.request(`/api/orders/${second.id}/transfer-payment`, {
      method: 'POST',
      ...json({ amount: total, date: new Date().toISOString().slice(0, 10), reference: 'FT-1234' }, bearer(shop.admin)),
    });
    expect(paid.body.state).toBe('paid');
    const late = await sendProof(second.id, PDF, { 'x-visitor-id': second.me }, 'application/pdf');
    expect(late).toMatchObject({ status: 409, body: { message: 'This order is no longer waiting for a bank transfer, so no proof can be added.' } });
    expect(privateFiles(second.id)).toHaveLength(1);
  });
});
