import type { CreateMilestoneBody, Milestone, MilestoneState, UpdateMilestoneBody } from '@verdict/contract';
import { ApiError } from '@/lib/api-client';
import { type FieldErrors, fieldErrorsOf } from '@/lib/field-errors';

/** The milestone form's fields as typed; '' is none for the optional ones. */
export interface MilestoneFormValues {
  name: string;
  description: string;
  start_date: string;
  due_date: string;
  /** A top-level milestone's id, or '' for none. */
  parent_id: string;
  branch: string;
  state: MilestoneState;
}

export type MilestoneField = keyof MilestoneFormValues;
export type MilestoneFormErrors = Partial<Record<MilestoneField, string>>;

export const BLANK_MILESTONE: MilestoneFormValues = {
  name: '',
  description: '',
  start_date: '',
  due_date: '',
  parent_id: '',
  branch: '',
  state: 'open',
};

export function formValuesOf(milestone: Milestone): MilestoneFormValues {
  return {
    name: milestone.name,
    description: milestone.description,
    start_date: milestone.start_date ?? '',
    due_date: milestone.due_date ?? '',
    parent_id: milestone.parent_id === null ? '' : String(milestone.parent_id),
    branch: milestone.branch ?? '',
    state: milestone.state,
  };
}

/** The checks the server makes too, made first so the reader hears them without a round trip. */
export function validateMilestone(values: MilestoneFormValues): MilestoneFormErrors {
  const errors: MilestoneFormErrors = {};
  if (values.name.trim() === '') errors.name = 'Milestone name is required';
  if (values.start_date && values.due_date && values.due_date < values.start_date) {
    errors.due_date = 'The due date is before the start date';
  }
  return errors;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Every field, so a cleared date or branch is cleared (null) on the server too. */
export function updateBodyOf(values: MilestoneFormValues): UpdateMilestoneBody {
  return {
    name: values.name.trim(),
    description: values.description,
    start_date: orNull(values.start_date),
    due_date: orNull(values.due_date),
    parent_id: values.parent_id === '' ? null : Number(values.parent_id),
    branch: orNull(values.branch),
    state: values.state,
  };
}

/** A new milestone is open; its state is chosen when it is edited. */
export function createBodyOf(values: MilestoneFormValues): CreateMilestoneBody {
  const { state: _state, ...body } = updateBodyOf(values);
  return body as CreateMilestoneBody;
}

/** The server's refusal at the fields it names: a 400's `details`, and a taken name (409) at the name. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.status === 409 && error.code === 'name_taken') {
    return { name: error.serverMessage ?? 'This project already has a milestone with that name' };
  }
  return fieldErrorsOf(error);
}
