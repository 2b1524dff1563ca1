/**
 * Told to every server instance when a commit wrote notifications, with `{"users": [ids]}`; each
 * instance's live hub tells those users' open streams (`event: notifications`).
 */
export const NOTIFICATIONS_CHANNEL = 'verdict_notifications';

/** The user ids of a notification's payload (none when it is not one). */
export function notifiedUsers(payload: string): number[] {
  try {
    const value = JSON.parse(payload) as { users?: unknown };
    return Array.isArray(value.users) ? value.users.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}
