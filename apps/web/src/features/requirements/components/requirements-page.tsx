import {
  REQUIREMENT_COVERAGES,
  REQUIREMENT_STATUSES,
  type RequirementCoverage,
  type RequirementStatus,
} from '@verdict/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField, SelectField } from '@/components/ui/form-field';
import { OBJECT_LIST_PAGE_SIZE, ObjectList, pageFromParam } from '@/components/ui/object-list';
import { Card, Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import {
  COVERAGE_LABELS,
  type RequirementFilters,
  STATUS_LABELS,
  useRequirements,
} from '@/entities/requirement/requirement-api';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { withParam } from '@/lib/use-url-list-state';
import { useRequirementMutations } from '../api/requirements';
import { BLANK_REQUIREMENT, requirementBodyOf } from '../requirement-text';
import { RequirementDialog } from './requirement-dialog';
import { RequirementLine } from './requirement-line';
import { RequirementBranch } from './requirement-tree';
import './requirements.css';

const TITLE = 'Requirements';

const isStatus = (value: string | null): value is RequirementStatus =>
  (REQUIREMENT_STATUSES as readonly string[]).includes(value ?? '');
const isCoverage = (value: string | null): value is RequirementCoverage =>
  (REQUIREMENT_COVERAGES as readonly string[]).includes(value ?? '');

/**
 * /projects/{id}/requirements: the project's requirements as a tree (top level first, a
 * requirement's children loaded when it is opened), each with its coverage; a text, status or
 * coverage filter shows the matching requirements as one flat list instead. Filters and page live
 * in the address (?q=&status=&coverage=&page=). Import and New requirement for add_requirement holders
 * (docs/product/requirements-screens.md).
 */
export function RequirementsPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const [creating, setCreating] = useState(false);
  const allowed = !loading && can('home_requirement');

  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  const actions = allowed ? (
    <>
      <ButtonLink variant="secondary" to={paths.traceability(projectId)}>
        Traceability matrix
      </ButtonLink>
      {can('add_requirement') ? (
        <>
          <ButtonLink variant="secondary" to={paths.requirementImport(projectId)}>
            Import
          </ButtonLink>
          <Button onClick={() => setCreating(true)}>New requirement</Button>
        </>
      ) : null}
    </>
  ) : null;
  let body: ReactNode;
  if (loading) body = null;
  else if (!allowed)
    body = <p>You need the home_requirement permission to see this project's requirements.</p>;
  else body = <RequirementList projectId={projectId} />;

  return (
    <Page
      title={TITLE}
      subtitle={project.data?.name}
      breadcrumbs={breadcrumbs}
      actions={actions}
      card={false}
    >
      <Card>{body}</Card>
      {creating ? <NewRequirement projectId={projectId} onClose={() => setCreating(false)} /> : null}
    </Page>
  );
}

function RequirementList({ projectId }: { projectId: number }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const status = isStatus(params.get('status')) ? (params.get('status') as RequirementStatus) : '';
  const coverage = isCoverage(params.get('coverage')) ? (params.get('coverage') as RequirementCoverage) : '';
  const page = pageFromParam(params.get('page'));
  const [text, setText] = useState(q);
  const filtered = q !== '' || status !== '' || coverage !== '';
  const filters: RequirementFilters = {
    ...(filtered ? { q, status, coverage } : { parent_id: 0 }),
    limit: OBJECT_LIST_PAGE_SIZE,
    offset: (page - 1) * OBJECT_LIST_PAGE_SIZE,
  };
  const list = useRequirements(projectId, filters);
  const setFilter = (name: string, value: string) =>
    setParams(withParam(withParam(params, name, value), 'page', ''), { replace: true });

  // The text filter waits for a pause in typing, so each key is not a call.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (text.trim() !== q) setFilter('q', text.trim());
    }, 300);
    return () => window.clearTimeout(timer);
  });

  return (
    <>
      <div className="requirement-filters">
        <InputField
          label="Filter"
          type="search"
          hint="Key or words of the title"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          label="Status"
          placeholderOption="Any status"
          options={REQUIREMENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          value={status}
          onChange={(event) => setFilter('status', event.target.value)}
        />
        <SelectField
          label="Coverage"
          placeholderOption="Any coverage"
          options={REQUIREMENT_COVERAGES.map((value) => ({ value, label: COVERAGE_LABELS[value] }))}
          value={coverage}
          onChange={(event) => setFilter('coverage', event.target.value)}
        />
      </div>
      <ObjectList
        label={filtered ? 'Matching requirements' : 'Requirements'}
        rows={list.data?.items}
        total={list.data?.total}
        rowKey={(requirement) => requirement.id}
        renderRow={(requirement) =>
          filtered ? (
            <RequirementLine requirement={requirement} />
          ) : (
            <RequirementBranch projectId={projectId} requirement={requirement} />
          )
        }
        pageParam="page"
        empty={
          <p>
            {filtered
              ? 'No requirements match these filters.'
              : 'No requirements yet. A requirement says what the product must do; link the cases that prove it.'}
          </p>
        }
        error={list.error}
        what="the requirements"
        onRetry={() => void list.refetch()}
        loadingText="Loading requirements..."
      />
    </>
  );
}

function NewRequirement({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const { create } = useRequirementMutations(projectId);
  const navigate = useNavigate();
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <RequirementDialog
      projectId={projectId}
      initial={BLANK_REQUIREMENT}
      busy={create.isPending}
      error={create.error}
      onClose={close}
      onSubmit={(values) =>
        create.mutate(requirementBodyOf(values), {
          onSuccess: (answer) => {
            const state: NavigationToastState = { message: answer.message };
            void navigate(paths.requirementDetail(answer.requirement.id), { state });
          },
        })
      }
    />
  );
}
