import type { RequirementImportPreview, RequirementImportPreviewRow } from '@verdict/contract';
import { ImportPreviewTable, type PreviewColumn } from '@/components/import/import-preview-table';
import { STATUS_LABELS } from '@/entities/requirement/requirement-api';
import { formatCount } from '@/lib/format-number';

/** '5 requirements', '1 requirement'. */
export const requirementsText = (n: number) =>
  `${formatCount(n)} ${n === 1 ? 'requirement' : 'requirements'}`;

const COLUMNS: readonly PreviewColumn<RequirementImportPreviewRow>[] = [
  { label: 'Key', cell: (row) => row.key ?? <span className="import-muted">New: next free key</span> },
  { label: 'Title', className: 'import-name', cell: (row) => row.title },
  { label: 'Status', cell: (row) => STATUS_LABELS[row.status] ?? row.status },
  {
    label: 'Parent',
    cell: (row) =>
      row.parent_key ?? (
        // An existing requirement the file names no parent for keeps its own.
        <span className="import-muted">{row.action === 'update' ? 'Unchanged' : 'None'}</span>
      ),
  },
  { label: 'Action', cell: (row) => (row.action === 'update' ? 'Update' : 'Create') },
];

/** The first rows as they would be imported: row, key, title, status, parent and what happens. */
export function RequirementPreviewTable({ preview }: { preview: RequirementImportPreview }) {
  return (
    <ImportPreviewTable
      rows={preview.preview}
      total={preview.requirements}
      countText={requirementsText}
      one="requirement"
      className="requirement-import-preview"
      columns={COLUMNS}
    />
  );
}
