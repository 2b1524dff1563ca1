import { errorText } from '@/lib/api-client';

const FALLBACK = 'Failed to create test run!';

/**
 * Creating a run: the server's message, else its error field, else the reason,
 * else 'Failed to create test run!'.
 * docs/product/runs.md, "Create Test Run (`/testcases/{id}/add-testrun`)"
 */
export const createRunErrorText = (error: unknown) =>
  errorText(error, FALLBACK, { errorField: true, reason: true }) || FALLBACK;
