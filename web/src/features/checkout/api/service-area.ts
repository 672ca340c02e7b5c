import type { AreaRequestBody, MessageResponse, ServiceAreaCheck } from '@thaiyal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * `GET /api/service-area/:pinCode` → whether the shop's tailor visits that pin code, with its
 * area's name (docs/product.md#service-area). Asked afresh each time (the admin's change shows at once).
 * @throws ApiError: 400 a pin code that is not 6 digits.
 */
export function useCheckPinCode() {
  return useMutation({
    mutationFn: (pinCode: string) => api<ServiceAreaCheck>(`/service-area/${encodeURIComponent(pinCode)}`),
  });
}

/**
 * `POST /api/service-area/waitlist {pinCode, contact}` → the server's thanks (docs/product.md#service-area:
 * "tell me when you come to my area"; a phone in any form the address form takes, or an e-mail).
 * @throws ApiError: 400 a bad pin code or contact, 409 a pin code already served, 429 too many requests.
 */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: async (body: AreaRequestBody) => (await api<MessageResponse>('/service-area/waitlist', { method: 'POST', body })).message,
  });
}
