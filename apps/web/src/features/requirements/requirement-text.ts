import type {
  CreateRequirementBody,
  Requirement,
  RequirementCounts,
  RequirementStatus,
  TraceabilityPage,
} from '@verdict/contract';
import { formatCount } from '@/lib/format-number';

/*
 * The words of the requirements screens (docs/product/requirements-screens.md), apart from React
 * so they can be tested alone.
 */

const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** '3 cases: 2 passed, 1 failing'; 'No cases' (what is none is left out). */
export function countsText(counts: RequirementCounts): string {
  if (counts.cases === 0) return 'No cases';
  const parts = [
    ...(counts.passed > 0 ? [`${formatCount(counts.passed)} passed`] : []),
    ...(counts.failing > 0 ? [`${formatCount(counts.failing)} failing`] : []),
    ...(counts.untested > 0 ? [`${formatCount(counts.untested)} untested`] : []),
  ];
  return `${plural(counts.cases, 'case')}: ${parts.join(', ')}`;
}

/** 'Requirements: 12 passing, 3 failing, 4 untested, 5 not covered'. */
export function summaryText(summary: TraceabilityPage['summary']): string {
  return `Requirements: ${formatCount(summary.passing)} passing, ${formatCount(summary.failing)} failing, ${formatCount(summary.untested)} untested, ${formatCount(summary.not_covered)} not covered`;
}

/** What the requirement form holds, as text fields hold it. */
export interface RequirementFormValues {
  key: string;
  title: string;
  description: string;
  status: RequirementStatus;
  /** '' for none (top level). */
  parent_id: string;
  external_url: string;
}

export const BLANK_REQUIREMENT: RequirementFormValues = {
  key: '',
  title: '',
  description: '',
  status: 'draft',
  parent_id: '',
  external_url: '',
};

export function formValuesOf(requirement: Requirement): RequirementFormValues {
  return {
    key: requirement.key,
    title: requirement.title,
    description: requirement.description,
    status: requirement.status,
    parent_id: requirement.parent_id === null ? '' : String(requirement.parent_id),
    external_url: requirement.external_url ?? '',
  };
}

export type RequirementFormErrors = Partial<Record<keyof RequirementFormValues, string>>;

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function validateRequirement(values: RequirementFormValues): RequirementFormErrors {
  const errors: RequirementFormErrors = {};
  if (values.title.trim() === '') errors.title = 'Title is required';
  const key = values.key.trim();
  if (key !== '' && !KEY_PATTERN.test(key)) {
    errors.key = 'A key starts with a letter or digit and holds letters, digits, ".", "-" and "_"';
  }
  const url = values.external_url.trim();
  if (url !== '' && !/^https?:\/\//i.test(url))
    errors.external_url = 'A link starts with http:// or https://';
  return errors;
}

/**
 * The create or update body: an empty key is left out (the server makes the next `REQ-<n>`), an
 * empty link or parent is null.
 */
export function requirementBodyOf(values: RequirementFormValues): CreateRequirementBody {
  const key = values.key.trim();
  const url = values.external_url.trim();
  return {
    ...(key === '' ? {} : { key }),
    title: values.title.trim(),
    description: values.description,
    status: values.status,
    parent_id: values.parent_id === '' ? null : Number(values.parent_id),
    external_url: url === '' ? null : url,
  };
}
