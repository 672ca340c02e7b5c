import type { MessageResponse } from '@thaiyal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `POST /api/auth/logout`: ends the session and revokes the refresh token (docs/decisions/003-sessions.md). */
async function logout(): Promise<void> {
  await api<MessageResponse>('/auth/logout', { method: 'POST' });
}

/**
 * Mutation wrapper of `logout`. The caller clears the user and the personal queries on
 * success (app/session.ts), since those span several features.
 * @throws ApiError with the server's message (shown, docs/product.md#messages Logout failure).
 */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
