import { useNavigate } from 'react-router';
import { Page } from '@/components/ui/page';
import type { NavigationToastState } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCreateProject } from '../api/project-mutations';
import { NameDescriptionForm } from './name-description-form';

/** /projects-create: Project Name and Description, both required (browser-level, SPEC §5). */
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
