import type { ContactListResponse, ContactMessage } from '@thaiyal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/contact` (admins only) → the contact messages, newest first. @throws ApiError (401, 403). */
export async function fetchContactMessages(): Promise<ContactMessage[]> {
  const { messages } = await api<ContactListResponse>('/contact');
  return messages;
}

/** Query options of the admin's contact messages; refetched whenever the list is shown again. */
export const contactMessagesQuery = queryOptions({ queryKey: ['admin', 'contact-messages'], queryFn: fetchContactMessages, staleTime: 0 });

/** The contact messages as a query (admin dashboard's Messages tab). */
export function useContactMessages() {
  return useQuery(contactMessagesQuery);
}
