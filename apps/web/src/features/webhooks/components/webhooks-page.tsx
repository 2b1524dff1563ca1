import type { Webhook, WebhookCreated } from '@verdict/contract';
import { type ReactNode, useState } from 'react';
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
import { useProjectWebhooks, useWebhookMutations } from '../api/webhooks';
import { BLANK_WEBHOOK, createBodyOf, formValuesOf, updateBodyOf } from '../webhook-form-values';
import { NewWebhookSecret } from './new-webhook-secret';
import { WebhookDialog } from './webhook-dialog';
import { WebhookRow } from './webhook-row';
import './webhooks.css';

const TITLE = 'Webhooks';

type Dialog = { creating: true } | { creating: false; webhook: Webhook } | null;

/**
 * /projects/{id}/webhooks: the project's endpoints, each with its events and last delivery;
 * holders of manage_webhooks add, change and delete them and see and redeliver their deliveries
 * (docs/product/webhooks-screens.md).
 */
export function WebhooksPage() {
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
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false}>
      {loading ? null : can('manage_webhooks') ? (
        <Endpoints projectId={projectId} />
      ) : (
        <Card>
          <p>You need the manage_webhooks permission to see and change this project's webhooks.</p>
        </Card>
      )}
    </Page>
  );
}

function Endpoints({ projectId }: { projectId: number }) {
  const webhooks = useProjectWebhooks(projectId);
  const { create, update, remove } = useWebhookMutations(projectId);
  const confirm = useConfirm();
  const { show } = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [created, setCreated] = useState<WebhookCreated | null>(null);

  const close = () => {
    create.reset();
    update.reset();
    setDialog(null);
  };

  const onDelete = async (webhook: Webhook) => {
    const confirmed = await confirm({
      text: `Delete the webhook to ${webhook.url}? Its deliveries go with it, and nothing more is sent there.`,
      confirmLabel: 'Yes, Delete',
    });
    if (!confirmed) return;
    remove.mutate(webhook.id, {
      onSuccess: () => {
        show('Webhook deleted');
        focusPageHeading();
      },
      onError: (error) => show(errorText(error, 'Failed to delete the webhook'), 'error'),
    });
  };

  let list: ReactNode;
  if (webhooks.isPending) list = <p>Loading webhooks...</p>;
  else if (webhooks.isError)
    list = <ErrorBox message={errorText(webhooks.error, 'Failed to fetch the webhooks')} />;
  else if (webhooks.data.length === 0)
    list = (
      <p>
        No webhooks yet. Add one to have Verdict tell another system when cycles, results and cases change.
      </p>
    );
  else
    list = (
      <ul className="webhook-list" aria-label="Webhooks">
        {webhooks.data.map((webhook) => (
          <WebhookRow
            key={webhook.id}
            webhook={webhook}
            onEdit={() => setDialog({ creating: false, webhook })}
            onDelete={() => void onDelete(webhook)}
          />
        ))}
      </ul>
    );

  return (
    <>
      {created ? (
        <Card>
          <NewWebhookSecret created={created} onDone={() => setCreated(null)} />
        </Card>
      ) : null}
      <Card title="Endpoints">
        <div className="webhook-toolbar">
          <Button onClick={() => setDialog({ creating: true })}>Add Webhook</Button>
        </div>
        {list}
      </Card>
      {dialog?.creating ? (
        <WebhookDialog
          creating
          initial={BLANK_WEBHOOK}
          busy={create.isPending}
          error={create.error}
          onClose={close}
          onSubmit={(values) =>
            create.mutate(createBodyOf(values), {
              onSuccess: (answer) => {
                show('Webhook added');
                setCreated(answer);
                close();
              },
            })
          }
        />
      ) : dialog ? (
        <WebhookDialog
          creating={false}
          initial={formValuesOf(dialog.webhook)}
          busy={update.isPending}
          error={update.error}
          onClose={close}
          onSubmit={(values) =>
            update.mutate(
              { id: dialog.webhook.id, body: updateBodyOf(values) },
              {
                onSuccess: () => {
                  show('Webhook saved');
                  close();
                },
              },
            )
          }
        />
      ) : null}
    </>
  );
}
