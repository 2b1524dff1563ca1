import type { MilestoneReadiness, ReadinessReason, ReadinessRules } from '@verdict/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Card } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { formatCount } from '@/lib/format-number';
import { paths } from '@/lib/paths';
import { useMilestoneReadiness, useReadinessRulesMutation } from '../api/readiness';
import { ReadinessRulesDialog } from './readiness-rules-dialog';
import './readiness.css';

/** The rules as one sentence: 'At most 0 untested items; pass rate at least 95% per configuration; …'. */
export function rulesText(rules: ReadinessRules): string {
  const parts: string[] = [];
  if (rules.max_untested !== null) parts.push(`at most ${formatCount(rules.max_untested)} untested items`);
  if (rules.min_pass_rate !== null)
    parts.push(`pass rate at least ${rules.min_pass_rate}% per configuration`);
  if (rules.no_new_failures) parts.push('no new or still-failing failure in the latest import of its branch');
  if (rules.no_open_defects) parts.push('no defect linked to a failed result');
  if (rules.max_unmet_requirements !== undefined && rules.max_unmet_requirements !== null)
    parts.push(`at most ${formatCount(rules.max_unmet_requirements)} approved requirements not passing`);
  if (parts.length === 0) return 'No rules: the milestone is always ready.';
  const text = parts.join('; ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** A reason's link: an app path in the app, a tracker's address in a new tab. */
function ReasonLine({ reason }: { reason: ReadinessReason }) {
  if (!reason.link) return <>{reason.message}</>;
  if (reason.link.startsWith('/')) return <Link to={reason.link}>{reason.message}</Link>;
  return (
    <a href={reason.link} target="_blank" rel="noopener noreferrer">
      {reason.message}
    </a>
  );
}

/** A labelled list of readiness reasons (or notes), each linked to what it names; nothing when empty. */
export function ReadinessReasons({ label, reasons }: { label: string; reasons: ReadinessReason[] }) {
  if (reasons.length === 0) return null;
  return (
    <>
      <h3 className="readiness-heading">{label}</h3>
      <ul className="readiness-reasons" aria-label={label}>
        {reasons.map((reason, index) => (
          // Reasons have no id; their order is the server's and stays put between reads.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <ReasonLine reason={reason} />
          </li>
        ))}
      </ul>
    </>
  );
}

function Figures({ readiness }: { readiness: MilestoneReadiness }) {
  const { figures } = readiness;
  const ci = figures.import;
  return (
    <dl className="readiness-figures">
      <div>
        <dt>Untested</dt>
        <dd>
          {formatCount(figures.untested)} of {formatCount(figures.counts.total)} items in{' '}
          {formatCount(figures.cycles)} test {figures.cycles === 1 ? 'cycle' : 'cycles'}
        </dd>
      </div>
      <div>
        <dt>Pass rate</dt>
        <dd>
          {figures.configurations.length === 0 ? (
            'No test cycles yet'
          ) : (
            <ul className="readiness-rates" aria-label="Pass rate per configuration">
              {figures.configurations.map((rate) => (
                <li key={rate.name ?? ''}>
                  {rate.name ?? 'Without configuration'}:{' '}
                  {rate.pass_rate === null
                    ? 'nothing tested yet'
                    : `${rate.pass_rate}% (${formatCount(rate.passed)} of ${formatCount(rate.executed)} executed)`}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt>Latest import</dt>
        <dd>
          {ci ? (
            <>
              <Link to={paths.cycleDetail(ci.cycle.id)}>{ci.cycle.name}</Link> on {ci.cycle.branch}:{' '}
              {ci.counts.new} new, {ci.counts.still_failing} still failing, {ci.counts.flaky} flaky,{' '}
              {ci.counts.quarantined} quarantined
              {ci.compared_with ? ` (against ${ci.compared_with.name})` : ''}
            </>
          ) : readiness.milestone.branch ? (
            `None on ${readiness.milestone.branch} yet`
          ) : (
            'No CI branch'
          )}
        </dd>
      </div>
      <div>
        <dt>Open defects on failures</dt>
        <dd>{formatCount(figures.open_defects)}</dd>
      </div>
    </dl>
  );
}

/**
 * The Readiness card of a milestone's page (docs/product/milestones.md, "Readiness"): Ready or Not
 * ready in words and a mark, each reason linked to what fails, what is not counted, the figures,
 * and Edit Rules for holders of edit_milestone.
 */
export function ReadinessPanel({ milestoneId, canEdit }: { milestoneId: number; canEdit: boolean }) {
  const readiness = useMilestoneReadiness(milestoneId);
  const save = useReadinessRulesMutation(milestoneId);
  const { show } = useToast();
  const [editing, setEditing] = useState(false);
  const data = readiness.data;
  const close = () => {
    save.reset();
    setEditing(false);
  };
  return (
    <Card title="Readiness" className="readiness-panel">
      {readiness.isError && !data ? (
        <LoadFailed what="the readiness" error={readiness.error} onRetry={() => void readiness.refetch()} />
      ) : !data ? (
        <p>Loading readiness...</p>
      ) : (
        <>
          <div className="readiness-head">
            <p className={`readiness-verdict ${data.ready ? 'is-ready' : 'is-not-ready'}`}>
              <span aria-hidden="true">{data.ready ? '✓' : '✗'}</span> {data.ready ? 'Ready' : 'Not ready'}
            </p>
            {canEdit ? (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit Rules
              </Button>
            ) : null}
          </div>
          <p className="readiness-rules">
            {rulesText(data.rules)}
            {data.rules_set ? '' : ' (The default rules: none were set for this milestone.)'}
          </p>
          <ReadinessReasons label="Why it is not ready" reasons={data.reasons} />
          <ReadinessReasons label="Not counted" reasons={data.notes} />
          <Figures readiness={data} />
          {editing ? (
            <ReadinessRulesDialog
              rules={data.rules}
              busy={save.isPending}
              error={save.error}
              onClose={close}
              onSubmit={(rules) =>
                save.mutate(rules, {
                  onSuccess: (answer) => {
                    show(answer.message);
                    close();
                  },
                })
              }
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
