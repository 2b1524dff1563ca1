import { errorText } from '@/lib/api-client';

const FALLBACK = 'Failed to create test run!';

/**
 * SPEC §8 'Runs: create': the server's message, else its error field, else the reason,
 * else 'Failed to create test run!'.
 */
export const createRunErrorText = (error: unknown) =>
  errorText(error, FALLBACK, { errorField: true, reason: true }) || FALLBACK;
