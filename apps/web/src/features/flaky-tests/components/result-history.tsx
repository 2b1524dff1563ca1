import type { Quarantine } from '@verdict/contract';
import { QUARANTINE_REASON_MAX } from '@verdict/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField, TextAreaField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { useCaseHistory } from '@/entities/result/result-history';
import { ResultStrip } from '@/entities/result/result-strip';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { useQuarantine } from '../api/flaky-api';
import { flakinessText, quarantineHeadline, tomorrow } from '../history-text';
import './flaky-tests.css';

interface ResultHistoryProps {
  caseId: number;
  /** The caller holds quarantine_test_case in the case's project. */
  canQuarantine: boolean;
  /** The case's every result, listed under the strip (the case page's one history of results). */
  children?: ReactNode;
}

/**
 * The case page's Result History (docs/product/flaky-tests.md, "On the case page"; cases.md,
 * "Results"): the last 30 cycle and import results as a strip of marks, oldest at the left, what
 * the flakiness window says per branch, the quarantine with its control, then `children` (the
 * case's every result, whatever recorded it). Without cycle results the strip is left out.
 */
export function ResultHistory({ caseId, canQuarantine, children }: ResultHistoryProps) {
  const history = useCaseHistory(caseId);
  if (history.error) {
    return (
      <Card title="Result History">
        <LoadFailed what="the result history" error={history.error} onRetry={() => void history.refetch()} />
        {children}
      </Card>
    );
  }
  if (!history.data) {
    return (
      <Card title="Result History">
        <Loading text="Loading result history..." />
      </Card>
    );
  }
  const data = history.data;
  return (
    <Card title="Result History" className="result-history">
      {data.items.length > 0 ? <ResultStrip items={data.items} quarantine={data.quarantine} /> : null}
      {data.items.length === 0 && !children ? (
        <p className="history-empty">
          No results yet. Results recorded in test cycles and imports show here.
        </p>
      ) : null}
      {data.flaky.length > 0 ? (
        <ul className="history-flakiness" aria-label="Flakiness per branch">
          {data.flaky.map((row) => (
            <li key={row.branch ?? ''} className={row.flaky ? 'history-flaky' : undefined}>
              {flakinessText(row)}
            </li>
          ))}
        </ul>
      ) : null}
      <QuarantinePanel caseId={caseId} quarantine={data.quarantine} canQuarantine={canQuarantine} />
      {children}
    </Card>
  );
}

function QuarantinePanel({
  caseId,
  quarantine,
  canQuarantine,
}: {
  caseId: number;
  quarantine: Quarantine | null;
  canQuarantine: boolean;
}) {
  const { start, end } = useQuarantine(caseId);
  const { show } = useToast();
  const [open, setOpen] = useState(false);
  if (quarantine) {
    return (
      <div className="quarantine-box" role="status">
        <p className="quarantine-headline">{quarantineHeadline(quarantine)}</p>
        <p className="quarantine-reason">{quarantine.reason}</p>
        <p className="quarantine-meta">
          By {quarantine.by ? quarantine.by.username : 'a deleted user'} on {formatDateTime(quarantine.at)}.
          Its failures still record, shown striped, and do not fail the gate.
        </p>
        {end.error ? <ErrorBox message={errorText(end.error, 'Failed to end the quarantine')} /> : null}
        {canQuarantine ? (
          <Button
            variant="secondary"
            size="sm"
            busy={end.isPending}
            onClick={() => end.mutate(undefined, { onSuccess: () => show('Quarantine ended') })}
          >
            {end.isPending ? 'Ending...' : 'End Quarantine'}
          </Button>
        ) : null}
      </div>
    );
  }
  if (!canQuarantine) return null;
  if (!open) {
    return (
      <div className="quarantine-actions">
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          Quarantine
        </Button>
      </div>
    );
  }
  return (
    <QuarantineForm
      busy={start.isPending}
      error={start.error}
      onCancel={() => {
        start.reset();
        setOpen(false);
      }}
      onSubmit={(reason, until) =>
        start.mutate(
          { reason, until },
          {
            onSuccess: () => {
              show('Test case quarantined');
              setOpen(false);
            },
          },
        )
      }
    />
  );
}

function QuarantineForm({
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  error: unknown;
  onSubmit: (reason: string, until: string | null) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    onSubmit(reason.trim(), until === '' ? null : until);
  };
  return (
    <form className="quarantine-form" onSubmit={submit} noValidate aria-label="Quarantine this case">
      <TextAreaField
        label="Reason"
        required
        rows={2}
        maxLength={QUARANTINE_REASON_MAX}
        value={reason}
        error={missing ? 'Give a reason for the quarantine' : null}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
      />
      <InputField
        label="End date (optional)"
        type="date"
        min={tomorrow()}
        value={until}
        hint="The quarantine ends by itself when this day begins (UTC)."
        onChange={(event) => setUntil(event.target.value)}
      />
      {error ? <ErrorBox message={errorText(error, 'Failed to quarantine the case')} /> : null}
      <div className="form-actions">
        <Button type="submit" busy={busy}>
          {busy ? 'Saving...' : 'Quarantine Case'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
