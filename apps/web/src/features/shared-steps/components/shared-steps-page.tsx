import type { SharedSteps } from '@verdict/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { OBJECT_LIST_PAGE_SIZE, ObjectList, pageFromParam } from '@/components/ui/object-list';
import { Card, Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { useCreateSharedSteps, useSharedStepsList } from '@/entities/shared-steps/shared-steps-api';
import { sharedStepsPaths } from '@/entities/shared-steps/shared-steps-paths';
import { formatCount } from '@/lib/format-number';
import { useIdParam } from '@/lib/route-params';
import { withParam } from '@/lib/use-url-list-state';
import { SharedStepsForm } from './shared-steps-form';
import './shared-steps.css';

const TITLE = 'Shared Steps';

/**
 * /projects/{id}/shared-steps: the project's shared step sets by name, each with its number of
 * steps and of cases using it, a name filter and the page in the address (?q=&page=), and New
 * shared steps for holders of add_test_case_in_project (docs/product/shared-steps-screens.md).
 */
export function SharedStepsPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const [creating, setCreating] = useState(false);
  const allowed = !loading && can('home_test_case');

  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  const actions =
    allowed && can('add_test_case_in_project') ? (
      <Button onClick={() => setCreating(true)}>New shared steps</Button>
    ) : null;
  let body: ReactNode;
  if (loading) body = null;
  else if (!allowed) body = <p>You need the home_test_case permission to see this project's shared steps.</p>;
  else body = <SharedStepsList projectId={projectId} />;

  return (
    <Page
      title={TITLE}
      subtitle={project.data?.name}
      breadcrumbs={breadcrumbs}
      actions={actions}
      card={false}
    >
      <Card>{body}</Card>
      {creating ? <NewSharedSteps projectId={projectId} onClose={() => setCreating(false)} /> : null}
    </Page>
  );
}

const countText = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

function SharedStepsList({ projectId }: { projectId: number }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageFromParam(params.get('page'));
  const [text, setText] = useState(q);
  const list = useSharedStepsList(projectId, q, (page - 1) * OBJECT_LIST_PAGE_SIZE, OBJECT_LIST_PAGE_SIZE);

  // The filter waits for a pause in typing, so each key is not a call.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (text.trim() !== q)
        setParams(withParam(withParam(params, 'q', text.trim()), 'page', ''), { replace: true });
    }, 300);
    return () => window.clearTimeout(timer);
  });

  return (
    <>
      <div className="shared-steps-filter">
        <InputField
          label="Filter"
          type="search"
          hint="Words of the name"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <ObjectList<SharedSteps>
        label={q === '' ? 'Shared steps' : 'Matching shared steps'}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(set) => set.id}
        renderRow={(set) => (
          <span className="shared-steps-line">
            <Link to={sharedStepsPaths.detail(set.id)}>{set.name}</Link>
            <span className="muted">
              {countText(set.steps.length, 'step', 'steps')}, used by{' '}
              {countText(set.case_count, 'case', 'cases')}
            </span>
          </span>
        )}
        pageParam="page"
        empty={
          <p>
            {q === ''
              ? 'No shared steps yet. Steps written once here, such as signing in, can be used in any case of the project.'
              : 'No shared steps match this filter.'}
          </p>
        }
        error={list.error}
        what="the shared steps"
        onRetry={() => void list.refetch()}
        loadingText="Loading shared steps..."
      />
    </>
  );
}

function NewSharedSteps({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const create = useCreateSharedSteps(projectId);
  const navigate = useNavigate();
  return (
    <Modal title="New shared steps" onClose={onClose} busy={create.isPending} className="shared-steps-dialog">
      <SharedStepsForm
        initial={{ name: '', description: '', steps: [{ action: '', expected: '' }] }}
        submitLabel="Create"
        busy={create.isPending}
        error={create.error}
        failure="Failed to create the shared steps"
        onCancel={onClose}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (answer) => {
              const state: NavigationToastState = { message: answer.message };
              void navigate(sharedStepsPaths.detail(answer.shared_steps.id), { state });
            },
          })
        }
      />
    </Modal>
  );
}
