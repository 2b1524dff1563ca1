import type { Tracker } from '@verdict/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { FormActions, InputField, SelectField } from '@/components/ui/form-field';
import { Card, Page } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { errorText } from '@/lib/api-client';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useIdParam } from '@/lib/route-params';
import { useTracker, useTrackerMutations } from '../api/defects-api';
import {
  bodyOf,
  formValuesOf,
  KIND_FIELDS,
  KIND_LABELS,
  previewLink,
  type TrackerFormValues,
} from '../tracker-form-values';
import './defects.css';

const TITLE = 'Issue Tracker';

/** Labels and hints of each field, per kind where they differ. */
const FIELD_TEXT: Record<
  TrackerFormValues['kind'],
  Partial<Record<keyof TrackerFormValues, [string, string]>>
> = {
  jira: {
    base_url: ['Jira address', 'Your Jira site, e.g. https://acme.atlassian.net (https only)'],
    project: ['Project id (optional)', 'The numeric project id (pid) that new issues go to'],
    issue_type: ['Issue type id (optional)', 'The numeric id of the issue type, e.g. of "Bug"'],
  },
  github: {
    base_url: ['GitHub address', 'Blank for https://github.com; your GitHub Enterprise address otherwise'],
    project: ['Repository', 'owner/repo, e.g. acme/shop'],
  },
  gitlab: {
    base_url: ['GitLab address', 'Blank for https://gitlab.com; your own GitLab address otherwise'],
    project: ['Project path', 'group/project, e.g. acme/shop'],
  },
  url: {
    link_template: ['Link template', 'The address of a defect, with {id} where its id goes'],
    new_issue_template: [
      'New-issue template (optional)',
      'The address that opens a new issue, with {title} and/or {body}; without it there is no "File a bug"',
    ],
  },
};

/**
 * /projects/{id}/tracker: where the project's defects live (docs/product/defects-screens.md).
 * Holders of edit_project choose Jira, GitHub, GitLab or an address template; a preview shows the
 * link an example id would get. Everyone who sees the project reads the setting.
 */
export function TrackerPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const tracker = useTracker(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  const editable = !loading && can('edit_project');
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false} narrow>
      <Card title="Tracker">
        {tracker.isPending ? (
          <p>Loading the tracker...</p>
        ) : tracker.isError ? (
          <ErrorBox message={errorText(tracker.error, 'Failed to fetch the issue tracker')} />
        ) : (
          <TrackerForm
            key={tracker.data?.updated_at ?? 'none'}
            projectId={projectId}
            tracker={tracker.data}
            editable={editable}
          />
        )}
      </Card>
    </Page>
  );
}

function TrackerForm({
  projectId,
  tracker,
  editable,
}: {
  projectId: number;
  tracker: Tracker | null;
  editable: boolean;
}) {
  const [values, setValues] = useState(() => formValuesOf(tracker));
  const { save, remove } = useTrackerMutations(projectId);
  const { show } = useToast();
  const confirm = useConfirm();
  const errors = fieldErrorsOf(save.error);
  const preview = previewLink(values);
  const set = (field: keyof TrackerFormValues, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onRemove = async () => {
    if (!(await confirm({ text: 'Remove the issue tracker? Links already made keep their addresses.' })))
      return;
    remove.mutate(undefined, { onSuccess: (answer) => show(answer.message) });
  };

  return (
    <form
      className="tracker-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(bodyOf(values), { onSuccess: (answer) => show(answer.message) });
      }}
    >
      {!tracker ? <p>No issue tracker yet: defects can be linked by their full address only.</p> : null}
      {/* A refusal about one field shows at that field; anything else here. */}
      <ErrorBox
        message={
          save.error && Object.keys(errors).length === 0
            ? errorText(save.error, 'Failed to save the issue tracker')
            : undefined
        }
      />
      <ErrorBox
        message={remove.error ? errorText(remove.error, 'Failed to remove the issue tracker') : undefined}
      />
      <SelectField
        label="Tracker"
        value={values.kind}
        disabled={!editable}
        onChange={(event) => set('kind', event.target.value)}
        options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
        error={errors.kind}
      />
      {KIND_FIELDS[values.kind].map((field) => {
        const [label, hint] = FIELD_TEXT[values.kind][field] ?? [field, ''];
        return (
          <InputField
            key={`${values.kind}-${field}`}
            label={label}
            hint={hint}
            value={values[field]}
            readOnly={!editable}
            spellCheck={false}
            autoComplete="off"
            required={
              (values.kind === 'jira' && field === 'base_url') ||
              (values.kind !== 'jira' && values.kind !== 'url' && field === 'project') ||
              field === 'link_template'
            }
            onChange={(event) => set(field, event.target.value)}
            error={errors[field]}
          />
        );
      })}
      <div className="tracker-preview" aria-live="polite">
        <h3>Preview</h3>
        {preview ? (
          <p>
            A defect {preview.id} links to{' '}
            <a href={preview.url} target="_blank" rel="noopener noreferrer" className="defect-url">
              {preview.url}
            </a>
          </p>
        ) : (
          <p className="muted">Fill in the fields to see the link of an example defect.</p>
        )}
      </div>
      {editable ? (
        <FormActions>
          <Button type="submit" busy={save.isPending}>
            Save Tracker
          </Button>
          {tracker ? (
            <Button type="button" variant="danger" busy={remove.isPending} onClick={onRemove}>
              Remove Tracker
            </Button>
          ) : null}
        </FormActions>
      ) : (
        <p className="muted">You need the edit_project permission to change the tracker.</p>
      )}
    </form>
  );
}
