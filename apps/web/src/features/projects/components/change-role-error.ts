import { errorText } from '@/lib/api-client';

/**
 * SPEC §8 'Change role': the server's message, else 'Failed to change role'; without a
 * response 'No response from server'; a request that could not be sent 'Request failed: {reason}'.
 */
export const changeRoleErrorText = (error: unknown) =>
  errorText(error, 'Failed to change role', { noResponse: 'No response from server', requestFailed: true });
