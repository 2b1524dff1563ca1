import type { CaseImportPreview, CasePriority } from '@verdict/contract';
import { PRIORITY_LABELS } from '@/entities/case/case-priority';
import { formatCount } from '@/lib/format-number';

const priorityText = (priority: string) => PRIORITY_LABELS[priority as CasePriority] ?? priority;

/** '5 cases', '1 case'. */
export const casesText = (n: number) => `${formatCount(n)} ${n === 1 ? 'case' : 'cases'}`;

/** The first rows as they would be imported: row number, name, suite, priority, tags, steps. */
export function PreviewTable({ preview }: { preview: CaseImportPreview }) {
  const rows = preview.preview;
  if (rows.length === 0) return null;
  const caption =
    rows.length < preview.cases
      ? `The first ${formatCount(rows.length)} of ${casesText(preview.cases)}`
      : rows.length === 1
        ? 'The one case'
        : `All ${casesText(rows.length)}`;
  return (
    <div className="table-wrap">
      <table className="table table-stack case-import-preview">
        <caption className="import-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Name</th>
            <th scope="col">Suite</th>
            <th scope="col">Priority</th>
            <th scope="col">Tags</th>
            <th scope="col">Steps</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row}>
              <td data-label="Row">{row.row}</td>
              <td data-label="Name" className="import-name">
                <span>{row.name}</span>
                {row.parent_row === null ? null : (
                  <span className="import-muted"> (child of row {row.parent_row})</span>
                )}
              </td>
              <td data-label="Suite">{row.suite ?? <span className="import-muted">No suite</span>}</td>
              <td data-label="Priority">
                {row.priority_valid ? (
                  priorityText(row.priority)
                ) : (
                  <span className="case-import-invalid">
                    {row.priority} <span className="import-muted">(not a priority)</span>
                  </span>
                )}
              </td>
              <td data-label="Tags">
                {row.tags.length === 0 ? (
                  <span className="import-muted">None</span>
                ) : (
                  <span>{row.tags.join(', ')}</span>
                )}
              </td>
              <td data-label="Steps">{row.steps}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
