import {
  FLAKY_FLIPS_MIN,
  FLAKY_WINDOW_MAX,
  FLAKY_WINDOW_MIN,
  type FlakyTest,
  type FlakyTestList,
} from '@verdict/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card, Page } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { useProject } from '@/entities/project/get-project';
import { useProjectPermissions } from '@/entities/project/project-permissions';
import { useScreenTrail } from '@/entities/project/use-object-trail';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { useIdParam } from '@/lib/route-params';
import { useFlakyTests, useSaveFlakySettings } from '../api/flaky-api';
import { branchName, flipRateText } from '../history-text';
import './flaky-tests.css';

const TITLE = 'Flaky Tests';

/**
 * /projects/{id}/flaky: the project's flaky tests, one row per case and branch, highest flip
 * rate first, with first and last flip and whether the case is quarantined; holders of
 * edit_project change the window and threshold (docs/product/flaky-tests.md, "Flaky Tests").
 */
export function FlakyTestsPage() {
  const projectId = useIdParam();
  const project = useProject(projectId);
  const { can, loading } = useProjectPermissions(projectId);
  const breadcrumbs = useScreenTrail(projectId === null ? null : { type: 'project', id: projectId }, TITLE);
  const list = useFlakyTests(projectId);
  if (projectId === null) {
    return (
      <Page title={TITLE}>
        <ErrorBox message="Failed to fetch project details" />
      </Page>
    );
  }
  return (
    <Page title={TITLE} subtitle={project.data?.name} breadcrumbs={breadcrumbs} card={false}>
      <Card title="Ranked by flip rate">
        {list.error ? (
          <LoadFailed what="the flaky tests" error={list.error} onRetry={() => void list.refetch()} />
        ) : !list.data ? (
          <Loading text="Loading flaky tests..." />
        ) : (
          <FlakyList data={list.data} />
        )}
      </Card>
      {list.data && !loading && can('edit_project') ? (
        <Card title="Settings">
          <SettingsForm projectId={projectId} data={list.data} />
        </Card>
      ) : null}
    </Page>
  );
}

function FlakyList({ data }: { data: FlakyTestList }) {
  return (
    <>
      <p className="flaky-rule">
        A test is flaky when, over its last {data.window} automated results on one branch, its outcome flipped
        between passed and failed at least {data.threshold} times without the case changing.
      </p>
      {data.items.length === 0 ? (
        <p className="flaky-empty">
          No flaky tests. Results imported from CI show here when a test keeps flipping.
        </p>
      ) : (
        <ol className="flaky-list" aria-label="Flaky tests, highest flip rate first">
          {data.items.map((item) => (
            <FlakyRow key={`${item.case_id} ${item.branch ?? ''}`} item={item} />
          ))}
        </ol>
      )}
    </>
  );
}

function FlakyRow({ item }: { item: FlakyTest }) {
  return (
    <li className="flaky-row">
      <div className="flaky-row-head">
        <Link className="flaky-name" to={paths.caseDetail(item.case_id)}>
          {item.name}
        </Link>
        {item.quarantined ? <span className="flaky-badge">Quarantined</span> : null}
      </div>
      <dl className="flaky-facts">
        <div>
          <dt>Flip rate</dt>
          <dd>
            {flipRateText(item)} ({item.flips} flips in {item.results} results)
          </dd>
        </div>
        <div>
          <dt>Branch</dt>
          <dd>{branchName(item.branch)}</dd>
        </div>
        {item.suite_name ? (
          <div>
            <dt>Suite</dt>
            <dd>{item.suite_name}</dd>
          </div>
        ) : null}
        <div>
          <dt>First flip</dt>
          <dd>{formatDateTime(item.first_flip_at)}</dd>
        </div>
        <div>
          <dt>Last flip</dt>
          <dd>{formatDateTime(item.last_flip_at)}</dd>
        </div>
      </dl>
    </li>
  );
}

function SettingsForm({ projectId, data }: { projectId: number; data: FlakyTestList }) {
  const save = useSaveFlakySettings(projectId);
  const { show } = useToast();
  const [window, setWindow] = useState(String(data.window));
  const [flips, setFlips] = useState(String(data.threshold));
  const n = Number(window);
  const k = Number(flips);
  const windowError =
    Number.isInteger(n) && n >= FLAKY_WINDOW_MIN && n <= FLAKY_WINDOW_MAX
      ? null
      : `A whole number from ${FLAKY_WINDOW_MIN} to ${FLAKY_WINDOW_MAX}`;
  const flipsError =
    Number.isInteger(k) && k >= FLAKY_FLIPS_MIN && (windowError !== null || k <= n)
      ? null
      : `A whole number from ${FLAKY_FLIPS_MIN} to the window`;
  const [touched, setTouched] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (windowError || flipsError) return;
    save.mutate({ window: n, flips: k }, { onSuccess: () => show('Flaky test settings saved') });
  };
  return (
    <form className="flaky-settings" onSubmit={submit} noValidate aria-label="Flaky test settings">
      <div className="flaky-settings-fields">
        <InputField
          label="Window (last N results)"
          type="number"
          inputMode="numeric"
          min={FLAKY_WINDOW_MIN}
          max={FLAKY_WINDOW_MAX}
          value={window}
          error={touched ? windowError : null}
          onChange={(event) => setWindow(event.target.value)}
        />
        <InputField
          label="Flips (at least K)"
          type="number"
          inputMode="numeric"
          min={FLAKY_FLIPS_MIN}
          value={flips}
          error={touched ? flipsError : null}
          onChange={(event) => setFlips(event.target.value)}
        />
      </div>
      {save.error ? <ErrorBox message={errorText(save.error, 'Failed to save the settings')} /> : null}
      <div className="form-actions">
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
