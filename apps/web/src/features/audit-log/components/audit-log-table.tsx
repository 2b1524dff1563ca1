import type { AuditLogEntry } from '@verdict/contract';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { ACTION_LABELS, actorText, changeValueText, ENTITY_LABELS } from '../audit-filters';

const ACTION_TONES: Partial<Record<AuditLogEntry['action'], string>> = {
  create: 'badge-success',
  delete: 'badge-danger',
  sign_in_failed: 'badge-danger',
};

/** The entries, newest first; each with changes has a button that shows them under its row. */
export function AuditLogTable({ entries, empty }: { entries: readonly AuditLogEntry[]; empty: string }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="table-wrap">
      {/* Stacked on a phone like every list (global.css, "table-stack"). */}
      <table className="table table-stack audit-table" aria-label="Audit log">
        <thead>
          <tr>
            <th scope="col" className="audit-col-time">
              Time
            </th>
            <th scope="col" className="audit-col-user">
              User
            </th>
            <th scope="col" className="audit-col-action">
              Action
            </th>
            <th scope="col" className="audit-col-entity">
              Entity
            </th>
            <th scope="col">Summary</th>
          </tr>
        </thead>
        <tbody>
          {entries.length === 0 ? (
            <tr>
              <td colSpan={5} className="table-empty">
                {empty}
              </td>
            </tr>
          ) : (
            entries.map((entry) => {
              const expanded = open.has(entry.id);
              const changes = Object.entries(entry.changes ?? {});
              const detailsId = `audit-changes-${entry.id}`;
              return (
                <Fragment key={entry.id}>
                  <tr>
                    <td className="audit-time" data-label="Time">
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </td>
                    <td data-label="User">
                      <div>{actorText(entry)}</div>
                      {entry.actor_name && entry.actor_email ? (
                        <div className="muted audit-email">{entry.actor_email}</div>
                      ) : null}
                    </td>
                    <td data-label="Action">
                      <span className={`badge ${ACTION_TONES[entry.action] ?? 'badge-info'}`}>
                        {ACTION_LABELS[entry.action]}
                      </span>
                    </td>
                    <td data-label="Entity">
                      <div>
                        {ENTITY_LABELS[entry.entity]}
                        {/* A session's id is its user's, already in the User column. */}
                        {entry.entity_id !== null && entry.entity !== 'session' ? ` #${entry.entity_id}` : ''}
                      </div>
                      {entry.project_id !== null && entry.entity !== 'project' ? (
                        <Link className="muted audit-project" to={paths.projectDetail(entry.project_id)}>
                          in project #{entry.project_id}
                        </Link>
                      ) : null}
                    </td>
                    <td data-label="Summary">
                      <div className="audit-summary">{entry.summary}</div>
                      {changes.length > 0 ? (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm audit-toggle"
                          aria-expanded={expanded}
                          aria-controls={detailsId}
                          onClick={() => toggle(entry.id)}
                        >
                          {expanded ? 'Hide changes' : `Show changes (${changes.length})`}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                  {expanded ? (
                    <tr className="audit-changes-row" id={detailsId}>
                      <td colSpan={5}>
                        <table className="audit-changes" aria-label={`Changes of entry ${entry.id}`}>
                          <thead>
                            <tr>
                              <th scope="col">Field</th>
                              <th scope="col">Before</th>
                              <th scope="col">After</th>
                            </tr>
                          </thead>
                          <tbody>
                            {changes.map(([field, change]) => (
                              <tr key={field}>
                                <th scope="row">{field}</th>
                                <td>{changeValueText(change.before)}</td>
                                <td>{changeValueText(change.after)}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
