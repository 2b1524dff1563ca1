import type { CaseField, CaseVersion } from '@verdict/contract';
import { type DiffPart, diffVersions } from '../version-diff';

function Side({ parts, mark }: { parts: readonly DiffPart[]; mark: 'del' | 'ins' }) {
  const Mark = mark;
  return (
    <div className="version-diff-text">
      {parts.map((part, index) =>
        part.changed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never reorder
          <Mark key={index} className={`version-diff-${mark}`}>
            {part.text}
          </Mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}

/**
 * Two versions side by side, one row per field that differs: the older on the left with its
 * removed words struck, the newer on the right with its added words marked (<del> and <ins>,
 * which screen readers can announce).
 */
export function VersionDiff({
  older,
  newer,
  fields,
}: {
  older: CaseVersion;
  newer: CaseVersion;
  fields: readonly CaseField[];
}) {
  const title = `Version ${older.version} → version ${newer.version}`;
  if (older.version === newer.version) {
    return (
      <section className="version-diff" aria-label="Compare versions">
        <p className="muted">Choose two different versions to compare them.</p>
      </section>
    );
  }
  const diffs = diffVersions(older.content, newer.content, fields);
  return (
    <section className="version-diff" aria-labelledby="version-diff-title">
      <h3 className="case-section-title" id="version-diff-title">
        {title}
      </h3>
      {diffs.length === 0 ? (
        <p className="muted">The two versions hold the same content.</p>
      ) : (
        <div className="table-wrap">
          <table className="table version-diff-table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Version {older.version}</th>
                <th scope="col">Version {newer.version}</th>
              </tr>
            </thead>
            <tbody>
              {diffs.map((diff) => (
                <tr key={diff.key}>
                  <th scope="row">{diff.label}</th>
                  <td data-label={`Version ${older.version}`}>
                    <Side parts={diff.before} mark="del" />
                  </td>
                  <td data-label={`Version ${newer.version}`}>
                    <Side parts={diff.after} mark="ins" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
