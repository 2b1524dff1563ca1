import { errorText } from '@/lib/api-client';

/**
 * The server's message, else 'Failed to change role'; without a response 'No response from
 * server'; a request that could not be sent 'Request failed: {reason}'.
 * docs/product/projects.md, "Change User Role (`/projects/{id}/user/{userId}`)"
 */
export const changeRoleErrorText = (error: unknown) =>
  errorText(error, 'Failed to change role', { noResponse: 'No response from server', requestFailed: true });
