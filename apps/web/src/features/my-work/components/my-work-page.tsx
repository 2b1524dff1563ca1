import type { MyWorkItem } from '@verdict/contract';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { DataList, type DataListColumn, includesText } from '@/components/ui/data-list';
import { Page } from '@/components/ui/page';
import { useMyWork } from '@/entities/cycle/cycle-api';
import { CycleStateBadge } from '@/entities/cycle/cycle-progress';
import { paths } from '@/lib/paths';
import { useUrlListState } from '@/lib/use-url-list-state';

const columns: DataListColumn<MyWorkItem>[] = [
  {
    key: 'case',
    header: 'Case',
    render: (row) => <Link to={paths.cycleItem(row.item.id)}>{row.item.test_case.name}</Link>,
  },
  {
    key: 'cycle',
    header: 'Cycle',
    render: (row) => <Link to={paths.cycleDetail(row.cycle.id)}>{row.cycle.name}</Link>,
  },
  {
    key: 'project',
    header: 'Project',
    render: (row) => <Link to={paths.projectDetail(row.project.id)}>{row.project.name}</Link>,
  },
  { key: 'state', header: 'State', render: (row) => <CycleStateBadge state={row.item.state} /> },
];

/**
 * /my-work: the caller's open items (untested, blocked or retest, assigned to them, in open cycles),
 * newest cycle first, each linking to its execution view; Start opens the first
 * (docs/product/cycle-execution.md, "My Work").
 */
export function MyWorkPage() {
  const work = useMyWork();
  const listState = useUrlListState();
  const first = work.data?.items[0];
  return (
    <Page
      title="My Work"
      subtitle="Test cycle items assigned to you that are still untested, blocked or to retest."
      actions={
        first ? (
          <ButtonLink to={paths.cycleItem(first.item.id)} variant="primary">
            Start
          </ButtonLink>
        ) : null
      }
    >
      <DataList
        label="My Work"
        columns={columns}
        rows={work.data?.items}
        rowKey={(row) => row.item.id}
        emptyText={listState.query.trim() ? 'No item matches the search.' : 'Nothing is assigned to you.'}
        loading={work.isLoading}
        loadingText="Loading your work..."
        error={work.isError && !work.data ? 'Could not load your work.' : null}
        errorCause={work.error}
        onRetry={() => void work.refetch()}
        search={{
          placeholder: 'Search cases, cycles and projects...',
          filter: (row, query) =>
            includesText(query, row.item.test_case.name, row.cycle.name, row.project.name),
        }}
        state={listState}
      />
    </Page>
  );
}
