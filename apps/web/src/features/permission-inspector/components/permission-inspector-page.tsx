import type { EffectivePermission, EffectivePermissions } from '@verdict/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMediaQuery } from '@/components/shell/use-media-query';
import { DataList, type DataListColumn, includesText } from '@/components/ui/data-list';
import { ErrorBox } from '@/components/ui/error-box';
import { CheckboxField } from '@/components/ui/form-field';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { StatusBadge } from '@/components/ui/status-badge';
import { errorText } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { parseId } from '@/lib/route-params';
import { withWarningSign } from '@/lib/warning-sign';
import { useEffectivePermissions } from '../api/get-effective-permissions';
import { useInspectorProjects, useInspectorUsers } from '../api/inspector-options';
import { scopeText, whyText } from '../permission-why';
import './permission-inspector.css';

/**
 * /admin-inspector: pick a user (and optionally a project) and see every permission they hold
 * there, where each comes from, and why the others are missing. The choice lives in the address
 * (?user=&project=), so a view can be shared. Without the user list (view_admin_home) the screen
 * offers oneself only, as the server does.
 */
export function PermissionInspectorPage() {
  const { user: me } = useAuth();
  const [params, setParams] = useSearchParams();
  const userId = parseId(params.get('user') ?? undefined) ?? me?.id ?? null;
  const projectId = parseId(params.get('project') ?? undefined);
  const users = useInspectorUsers();
  const projects = useInspectorProjects();
  const answer = useEffectivePermissions(userId, projectId);

  const choose = (key: 'user' | 'project', value: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, String(value));
        return next;
      },
      { replace: true },
    );

  const userOptions = users.data
    ? users.data.map((user) => ({ value: user.id, label: user.username, hint: user.email }))
    : me
      ? [{ value: me.id, label: me.name, hint: me.email }]
      : [];
  const projectOptions = (projects.data ?? []).map((project) => ({ value: project.id, label: project.name }));

  return (
    <Page
      title="Permission Inspector"
      subtitle="Every permission a user holds, where it comes from, and why"
      card
    >
      <div className="inspector-pickers">
        <SearchableSelect
          label="User"
          options={userOptions}
          value={userId}
          onChange={(value) => choose('user', value)}
          placeholder="Search users..."
          clearable={false}
          hint={users.isError ? 'You can inspect your own permissions only.' : undefined}
        />
        <SearchableSelect
          label="Project (optional)"
          options={projectOptions}
          value={projectId}
          onChange={(value) => choose('project', value)}
          placeholder="Global permissions only"
          noOptionsText="No projects"
        />
      </div>
      {answer.isError ? <ErrorBox message={errorText(answer.error, 'Failed to load permissions')} /> : null}
      {answer.isPending && userId !== null ? <Loading text="Loading permissions..." /> : null}
      {answer.data ? <InspectorResult answer={answer.data} /> : null}
    </Page>
  );
}

function sourceText(source: EffectivePermission['sources'][number]): string {
  return `${source.role.name} (${source.kind === 'global-role' ? 'global' : 'project'})`;
}

/**
 * On a phone each permission stacks into a tall card, so fewer show per page and the page stays a
 * sensible height (docs/product/shell-and-navigation.md, "Phone widths"). The query matches the
 * stacked-table width in global.css.
 */
const PHONE_QUERY = '(max-width: 600px)';
const PHONE_PAGE_SIZE = 10;
const DESKTOP_PAGE_SIZE = 50;

function InspectorResult({ answer }: { answer: EffectivePermissions }) {
  const [grantedOnly, setGrantedOnly] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  const held = answer.permissions.filter((permission) => permission.granted).length;
  const rows = grantedOnly
    ? answer.permissions.filter((permission) => permission.granted)
    : answer.permissions;
  const columns: DataListColumn<EffectivePermission>[] = [
    {
      key: 'name',
      header: 'Permission',
      render: (row) => (
        <>
          <code>{row.name}</code>
          {row.description ? <div className="muted inspector-description">{row.description}</div> : null}
        </>
      ),
    },
    {
      key: 'granted',
      header: 'Granted',
      width: 90,
      render: (row) => (
        <StatusBadge value={row.granted ? 'passed' : 'failed'} label={row.granted ? 'Yes' : 'No'} />
      ),
    },
    {
      key: 'sources',
      header: 'From',
      render: (row) => (row.sources.length > 0 ? row.sources.map(sourceText).join(', ') : '-'),
    },
    { key: 'why', header: 'Why', render: (row) => whyText(answer, row) },
  ];

  return (
    <div className="inspector-result">
      <div className="inspector-summary" aria-live="polite">
        <p>
          <strong>{answer.user.username}</strong>
          {answer.project ? ` in ${answer.project.name}` : ''}: holds {held} of {answer.permissions.length}{' '}
          permissions. Global roles:{' '}
          {answer.globalRoles.length > 0 ? answer.globalRoles.map((role) => role.name).join(', ') : 'none'}.
        </p>
        <p className="muted">{scopeText(answer)}</p>
        {answer.user.status === 'inactive' ? (
          <p className="inspector-inactive">
            {withWarningSign(
              `${answer.user.username} is inactive and cannot sign in, so none of this applies now.`,
            )}
          </p>
        ) : null}
      </div>
      <DataList
        label="Permissions"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.name}
        emptyText="No permissions found"
        indexColumn={false}
        pageSize={phone ? PHONE_PAGE_SIZE : DESKTOP_PAGE_SIZE}
        search={{
          placeholder: 'Filter permissions...',
          filter: (row, query) => includesText(query, row.name, row.description),
        }}
        toolbar={
          <CheckboxField
            label="Granted only"
            checked={grantedOnly}
            onChange={(event) => setGrantedOnly(event.target.checked)}
          />
        }
      />
    </div>
  );
}
