import type { CaseField } from '@verdict/contract';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { ErrorBox } from '@/components/ui/error-box';
import { Card, Page } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { errorText } from '@/lib/api-client';
import { focusPageHeading } from '@/lib/focus-heading';
import { useIdParam } from '@/lib/route-params';
import { useCaseFieldMutations, useProjectCaseFields } from '../api/case-fields-admin';
import { BLANK_FIELD, bodyOf, defaultText, formValuesOf, TYPE_LABELS } from '../field-form-values';
import { FieldForm } from './field-form';
import './case-fields.css';

const TITLE = 'Custom Case Fields';

/**
 * /projects/{id}/case-fields: the project's custom case fields, in the order the case forms show
 * them; holders of manage_case_fields add, change, reorder and delete them
 * (docs/product/rich-cases-screens.md, "Custom Case Fields").
 */
export function CaseFieldsPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  const manage = !loading && can('manage_case_fields');
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false} narrow>
      <Card title="Fields">
        <FieldList projectId={projectId} manage={manage} />
      </Card>
      {manage ? (
        <Card title="Add a field">
          <AddField projectId={projectId} />
        </Card>
      ) : loading ? null : (
        <p>You need the manage_case_fields permission to change this project's fields.</p>
      )}
    </Page>
  );
}

function AddField({ projectId }: { projectId: number }) {
  const { create } = useCaseFieldMutations(projectId);
  const { show } = useToast();
  // A new key empties the form after each field added.
  const [round, setRound] = useState(0);
  return (
    <FieldForm
      key={round}
      initial={BLANK_FIELD}
      submitLabel="Add Field"
      focusName={round > 0}
      busy={create.isPending}
      error={create.error}
      onSubmit={(values) =>
        create.mutate(bodyOf(values), {
          onSuccess: (answer) => {
            show(`Custom field "${answer.field.name}" added`);
            create.reset();
            setRound((n) => n + 1);
          },
        })
      }
    />
  );
}

function FieldList({ projectId, manage }: { projectId: number; manage: boolean }) {
  const fields = useProjectCaseFields(projectId);
  const { update, remove } = useCaseFieldMutations(projectId);
  const confirm = useConfirm();
  const { show } = useToast();
  const [editing, setEditing] = useState<number | null>(null);

  if (fields.isPending) return <p>Loading fields...</p>;
  if (fields.isError)
    return <ErrorBox message={errorText(fields.error, 'Failed to fetch the custom fields')} />;
  const list = fields.data;
  if (list.length === 0)
    return (
      <p>No custom fields yet. Cases have name, description, preconditions, priority, tags and steps.</p>
    );

  /** Moves a field one place and writes every position that changed. */
  const move = async (index: number, by: -1 | 1) => {
    const order = [...list];
    const [field] = order.splice(index, 1);
    order.splice(index + by, 0, field!);
    try {
      for (const [position, f] of order.entries()) {
        if (f.position !== position) await update.mutateAsync({ id: f.id, body: { position } });
      }
      show(`"${field!.name}" moved ${by < 0 ? 'up' : 'down'}`);
    } catch (error) {
      show(errorText(error, 'Failed to move the field'), 'error');
    }
  };

  const onDelete = async (field: CaseField) => {
    const confirmed = await confirm({
      text: `Delete the field "${field.name}"? Its values leave every case of the project; earlier versions of the cases keep them.`,
      confirmLabel: 'Yes, Delete',
    });
    if (!confirmed) return;
    remove.mutate(field.id, {
      onSuccess: () => {
        show(`Custom field "${field.name}" deleted`);
        focusPageHeading();
      },
      onError: (error) => show(errorText(error, 'Failed to delete the field'), 'error'),
    });
  };

  return (
    <ol className="case-field-list" aria-label="Custom fields, in form order">
      {list.map((field, index) => (
        <li key={field.id} className="case-field-row">
          {editing === field.id ? (
            <FieldForm
              initial={formValuesOf(field)}
              editing
              submitLabel="Save Field"
              busy={update.isPending}
              error={update.error}
              onCancel={() => {
                update.reset();
                setEditing(null);
              }}
              onSubmit={(values) => {
                const { type: _type, ...body } = bodyOf(values);
                update.mutate(
                  { id: field.id, body },
                  {
                    onSuccess: (answer) => {
                      show(`Custom field "${answer.field.name}" saved`);
                      setEditing(null);
                    },
                  },
                );
              }}
            />
          ) : (
            <>
              <div className="case-field-summary">
                <span className="case-field-name">{field.name}</span>
                <span className="case-field-type">{TYPE_LABELS[field.type]}</span>
                {field.required ? <span className="case-field-required">Required</span> : null}
                {field.options.length > 0 ? (
                  <span className="case-field-detail">Options: {field.options.join(', ')}</span>
                ) : null}
                {defaultText(field) ? (
                  <span className="case-field-detail">Default: {defaultText(field)}</span>
                ) : null}
              </div>
              {manage ? (
                <div className="case-field-actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing(field.id)}
                    aria-label={`Edit ${field.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === 0 || update.isPending}
                    onClick={() => void move(index, -1)}
                    aria-label={`Move ${field.name} up`}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={index === list.length - 1 || update.isPending}
                    onClick={() => void move(index, 1)}
                    aria-label={`Move ${field.name} down`}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => void onDelete(field)}
                    aria-label={`Delete ${field.name}`}
                  >
                    Delete
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
