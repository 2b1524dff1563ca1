import { useNavigate } from 'react-router';
import { NameDescriptionForm } from '@/components/ui/name-description-form';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCreateProject } from '../api/project-mutations';

/**
 * /projects-create: Project Name and Description, both required (browser-level)
 * (docs/product/projects.md, "Create Project (`/projects-create`)").
 */
export function ProjectCreatePage() {
  const navigate = useNavigate();
  const create = useCreateProject();

  return (
    <Page title="Create Project" narrow>
      <NameDescriptionForm
        nameLabel="Project Name"
        descriptionRequired
        submitLabel="Create Project"
        busyLabel="Creating..."
        busy={create.isPending}
        error={create.error ? errorText(create.error, 'Failed to create project. Please try again.') : null}
        cancelTo={paths.dashboard}
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: () => {
              const state: NavigationToastState = { message: 'Project created successfully!' };
              navigate(paths.dashboard, { state });
            },
          })
        }
      />
    </Page>
  );
}
