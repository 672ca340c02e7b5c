import type { ContactBody, ContactResponse } from '@thaiyal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `POST /api/contact` with `{name, email, phone, message}` (docs/product.md#states-and-transitions Contact form; docs/architecture.md#http-api:
 * the shop's own endpoint answering `{success, message}` as the product's provider did).
 * @throws ApiError carrying the server's message on a refusal (400 bad input, 429 too many).
 */
async function sendContactMessage(body: ContactBody): Promise<ContactResponse> {
  return api<ContactResponse>('/contact', { method: 'POST', body });
}

/** Mutation wrapper of `sendContactMessage`. */
export function useSendContact() {
  return useMutation({ mutationFn: sendContactMessage });
}
