import type { RequirementImportPreview } from '@verdict/contract';
import { STATUS_LABELS } from '@/entities/requirement/requirement-api';
import { formatCount } from '@/lib/format-number';

/** '5 requirements', '1 requirement'. */
export const requirementsText = (n: number) =>
  `${formatCount(n)} ${n === 1 ? 'requirement' : 'requirements'}`;

/** The first rows as they would be imported: row, key, title, status, parent and what happens. */
export function RequirementPreviewTable({ preview }: { preview: RequirementImportPreview }) {
  const rows = preview.preview;
  if (rows.length === 0) return null;
  const caption =
    rows.length < preview.requirements
      ? `The first ${formatCount(rows.length)} of ${requirementsText(preview.requirements)}`
      : rows.length === 1
        ? 'The one requirement'
        : `All ${requirementsText(rows.length)}`;
  return (
    <div className="table-wrap">
      <table className="table table-stack requirement-import-preview">
        <caption className="import-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Key</th>
            <th scope="col">Title</th>
            <th scope="col">Status</th>
            <th scope="col">Parent</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row}>
              <td data-label="Row">{row.row}</td>
              <td data-label="Key">{row.key ?? <span className="import-muted">New: next free key</span>}</td>
              <td data-label="Title" className="import-name">
                {row.title}
              </td>
              <td data-label="Status">{STATUS_LABELS[row.status] ?? row.status}</td>
              <td data-label="Parent">
                {row.parent_key ?? (
                  // An existing requirement the file names no parent for keeps its own.
                  <span className="import-muted">{row.action === 'update' ? 'Unchanged' : 'None'}</span>
                )}
              </td>
              <td data-label="Action">{row.action === 'update' ? 'Update' : 'Create'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
