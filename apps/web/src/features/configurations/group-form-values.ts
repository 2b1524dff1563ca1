import {
  CONFIGURATION_LIMITS,
  type ConfigurationGroup,
  type CreateConfigurationGroupBody,
  type UpdateConfigurationGroupBody,
} from '@verdict/contract';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';

/** The group form: its name as typed and its configurations' names in order. */
export interface GroupFormValues {
  name: string;
  configurations: string[];
}

export type GroupField = keyof GroupFormValues;
export type GroupFormErrors = Partial<Record<GroupField, string>>;

export const BLANK_GROUP: GroupFormValues = { name: '', configurations: [] };

export function formValuesOf(group: ConfigurationGroup): GroupFormValues {
  return { name: group.name, configurations: group.configurations.map((c) => c.name) };
}

const { nameMax, configurationsMax } = CONFIGURATION_LIMITS;

/**
 * Why `typed` cannot join `names` (the server's own checks: length, the same name in another
 * case, the count), or null when it can.
 */
export function configurationProblem(names: readonly string[], typed: string): string | null {
  const name = typed.trim();
  if (name.length > nameMax) return `A configuration name has at most ${nameMax} characters`;
  if (names.some((n) => n.toLowerCase() === name.toLowerCase())) return `"${name}" is already in this group`;
  if (names.length >= configurationsMax) return `A group holds at most ${configurationsMax} configurations`;
  return null;
}

/** The checks the server makes too, made first so the reader hears them without a round trip. */
export function validateGroup(values: GroupFormValues): GroupFormErrors {
  const errors: GroupFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Group name is required';
  else if (name.length > nameMax) errors.name = `A group name has at most ${nameMax} characters`;
  return errors;
}

export function createBodyOf(values: GroupFormValues): CreateConfigurationGroupBody {
  return { name: values.name.trim(), configurations: values.configurations };
}

/**
 * The name, and the configurations only when they changed: the server keeps the id of every name
 * still in the list, and a save that only renames the group leaves someone else's change to its
 * configurations alone (decision record 198).
 */
export function updateBodyOf(
  group: ConfigurationGroup,
  values: GroupFormValues,
): UpdateConfigurationGroupBody {
  const before = group.configurations.map((c) => c.name);
  const same =
    before.length === values.configurations.length &&
    before.every((name, index) => name === values.configurations[index]);
  const name = values.name.trim();
  return same ? { name } : { name, configurations: values.configurations };
}

/**
 * The server's refusal at the fields it names: a 400's `details` (`configurations.2` is the
 * configurations field), a configuration named twice at Configurations, any other taken name at Name.
 */
export function serverFieldErrors(error: unknown): GroupFormErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 409 && error.code === 'name_taken') {
    const message = error.serverMessage ?? 'This project already has a configuration group with that name';
    return message.startsWith('The configuration ') ? { configurations: message } : { name: message };
  }
  const errors: GroupFormErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const key = field.split('.')[0];
    if (key === 'name' || key === 'configurations') errors[key] ??= message;
  }
  return errors;
}
