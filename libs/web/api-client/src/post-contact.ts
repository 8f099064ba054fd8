import type { ContactInput } from '@shop/rules';
import { sendJson } from './api-client';

/** Sends the contact form to the shop owner (`POST /api/mail/`); the server answers 202 once it is queued. */
export async function sendContactMessage(input: ContactInput): Promise<void> {
  await sendJson<unknown>('post', 'mail', { json: input });
}
