import type { Project } from '@verdict/contract';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { ObjectList } from '@/components/ui/object-list';
import { Card } from '@/components/ui/page';
import { paths } from '@/lib/paths';
import { useProjectSuites } from '../api/suite-api';

export interface SuiteListProps {
  project: Pick<Project, 'id' | 'name'>;
  /** The empty list offers 'New test suite' (add_test_suit_in_project). */
  canAdd: boolean;
}

/** A project's suites on its page, a page at a time (docs/product/projects.md, "What a project holds"). */
export function SuiteList({ project, canAdd }: SuiteListProps) {
  const suites = useProjectSuites(project.id, true);
  return (
    <Card title="Test Suites">
      <ObjectList
        label={`Test suites of ${project.name}`}
        rows={suites.data}
        rowKey={(suite) => suite.id}
        renderRow={(suite) => <Link to={paths.suiteDetail(suite.id)}>{suite.name}</Link>}
        pageParam="suites"
        empty={
          <>
            <p>No test suites yet.</p>
            {canAdd ? (
              <ButtonLink to={paths.projectAddSuite(project.id)} size="sm">
                New test suite
              </ButtonLink>
            ) : null}
          </>
        }
        error={suites.error}
        what="the test suites"
        onRetry={() => void suites.refetch()}
        loadingText="Loading test suites..."
      />
    </Card>
  );
}
