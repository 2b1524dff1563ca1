import type { SharedSteps, SharedStepsUsage } from '@verdict/contract';
import { Link, useSearchParams } from 'react-router';
import { OBJECT_LIST_PAGE_SIZE, ObjectList, pageFromParam } from '@/components/ui/object-list';
import { paths } from '@/lib/paths';
import { useSharedStepsUsage } from '../api/shared-steps';

type UsingCase = SharedStepsUsage['items'][number];

/** The cases using a set, by id, each linked to its page, a page at a time (?cases=). */
export function SharedStepsUsageList({ set }: { set: SharedSteps }) {
  const [params] = useSearchParams();
  const page = pageFromParam(params.get('cases'));
  const usage = useSharedStepsUsage(set.id, (page - 1) * OBJECT_LIST_PAGE_SIZE, OBJECT_LIST_PAGE_SIZE);
  return (
    <ObjectList<UsingCase>
      label={`Cases using ${set.name}`}
      rows={usage.data?.items}
      total={usage.data?.total}
      rowKey={(item) => item.id}
      renderRow={(item) => (
        <span className="shared-steps-line">
          <Link to={paths.caseDetail(item.id)}>{item.name}</Link>
          <span className="muted">version {item.version}</span>
        </span>
      )}
      pageParam="cases"
      empty={<p>No case uses these steps yet. Insert them in a case's steps from its form.</p>}
      error={usage.error}
      what="the cases using these steps"
      onRetry={() => void usage.refetch()}
      loadingText="Loading cases..."
    />
  );
}
