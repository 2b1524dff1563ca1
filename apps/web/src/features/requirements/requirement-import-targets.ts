import { REQUIREMENT_IMPORT_TARGETS, type RequirementImportTarget } from '@verdict/contract';
import type { SelectOption } from '@/components/ui/form-field';
import type { ImportMapping } from '@/lib/import-mapping';

/** What a column can fill on Import Requirements (docs/product/requirements-screens.md). */
export const REQUIREMENT_TARGET_LABELS: Record<RequirementImportTarget, string> = {
  key: 'Key',
  title: 'Title',
  description: 'Description',
  status: 'Status',
  parent: 'Parent key',
  external_url: 'Link',
};

export const REQUIREMENT_TARGETS: readonly SelectOption[] = REQUIREMENT_IMPORT_TARGETS.map((target) => ({
  value: target,
  label: REQUIREMENT_TARGET_LABELS[target],
}));

/** Whether some column fills the titles (nothing can be imported without). */
export const mapsTitle = (mapping: ImportMapping) => mapping.includes('title');
