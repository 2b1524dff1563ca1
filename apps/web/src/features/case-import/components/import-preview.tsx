import type { CaseImportPreview, CaseImportPreviewRow, CasePriority } from '@verdict/contract';
import { ImportPreviewTable, type PreviewColumn } from '@/components/import/import-preview-table';
import { PRIORITY_LABELS } from '@/entities/case/case-priority';
import { formatCount } from '@/lib/format-number';

const priorityText = (priority: string) => PRIORITY_LABELS[priority as CasePriority] ?? priority;

/** '5 cases', '1 case'. */
export const casesText = (n: number) => `${formatCount(n)} ${n === 1 ? 'case' : 'cases'}`;

const COLUMNS: readonly PreviewColumn<CaseImportPreviewRow>[] = [
  {
    label: 'Name',
    className: 'import-name',
    cell: (row) => (
      <>
        <span>{row.name}</span>
        {row.parent_row === null ? null : (
          <span className="import-muted"> (child of row {row.parent_row})</span>
        )}
      </>
    ),
  },
  { label: 'Suite', cell: (row) => row.suite ?? <span className="import-muted">No suite</span> },
  {
    label: 'Priority',
    cell: (row) =>
      row.priority_valid ? (
        priorityText(row.priority)
      ) : (
        <span className="case-import-invalid">
          {row.priority} <span className="import-muted">(not a priority)</span>
        </span>
      ),
  },
  {
    label: 'Tags',
    cell: (row) =>
      row.tags.length === 0 ? <span className="import-muted">None</span> : <span>{row.tags.join(', ')}</span>,
  },
  { label: 'Steps', cell: (row) => row.steps },
];

/** The first rows as they would be imported: row number, name, suite, priority, tags, steps. */
export function PreviewTable({ preview }: { preview: CaseImportPreview }) {
  return (
    <ImportPreviewTable
      rows={preview.preview}
      total={preview.cases}
      countText={casesText}
      one="case"
      className="case-import-preview"
      columns={COLUMNS}
    />
  );
}
