import { EVIDENCE_KEEP_CYCLES_MAX, EVIDENCE_KEEP_DAYS_MAX, type EvidenceRetention } from '@verdict/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import { useToast } from '@/components/ui/toast';
import { errorText } from '@/lib/api-client';
import { useEvidenceRetention, useSaveEvidenceRetention } from '../api/evidence-retention';

/**
 * The project's retention of CI evidence, on the Edit Project screen: how many import cycles per
 * branch, and how many days, keep their result files. An empty field keeps everything.
 */
export function EvidenceRetentionCard({ projectId }: { projectId: number }) {
  const retention = useEvidenceRetention(projectId);
  return (
    <Card title="CI evidence retention">
      {retention.isError ? (
        <LoadFailed
          what="the evidence retention"
          error={retention.error}
          onRetry={() => void retention.refetch()}
        />
      ) : !retention.data ? (
        <Loading text="Loading..." />
      ) : (
        <RetentionForm key={projectId} projectId={projectId} initial={retention.data} />
      )}
    </Card>
  );
}

const asText = (value: number | null) => (value === null ? '' : String(value));

/** null for an empty field; undefined for one that is not a whole number from 1 to `max`. */
function parse(text: string, max: number): number | null | undefined {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined;
}

function RetentionForm({ projectId, initial }: { projectId: number; initial: EvidenceRetention }) {
  const save = useSaveEvidenceRetention(projectId);
  const { show } = useToast();
  const [cycles, setCycles] = useState(asText(initial.keep_cycles));
  const [days, setDays] = useState(asText(initial.keep_days));
  const [touched, setTouched] = useState(false);
  const keepCycles = parse(cycles, EVIDENCE_KEEP_CYCLES_MAX);
  const keepDays = parse(days, EVIDENCE_KEEP_DAYS_MAX);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (keepCycles === undefined || keepDays === undefined) return;
    save.mutate(
      { keep_cycles: keepCycles, keep_days: keepDays },
      { onSuccess: () => show('Evidence retention saved') },
    );
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="CI evidence retention">
      <p className="muted">
        The files on the results of import cycles are removed once their cycle is past either limit. Files of
        manual cycles are always kept. Leave both empty to keep everything.
      </p>
      <InputField
        label="Keep the last N import cycles per branch"
        type="number"
        inputMode="numeric"
        min={1}
        max={EVIDENCE_KEEP_CYCLES_MAX}
        value={cycles}
        error={
          touched && keepCycles === undefined
            ? `Empty, or a whole number from 1 to ${EVIDENCE_KEEP_CYCLES_MAX}`
            : null
        }
        onChange={(event) => setCycles(event.target.value)}
      />
      <InputField
        label="Keep N days"
        type="number"
        inputMode="numeric"
        min={1}
        max={EVIDENCE_KEEP_DAYS_MAX}
        value={days}
        error={
          touched && keepDays === undefined
            ? `Empty, or a whole number from 1 to ${EVIDENCE_KEEP_DAYS_MAX}`
            : null
        }
        onChange={(event) => setDays(event.target.value)}
      />
      {save.error ? (
        <ErrorBox message={errorText(save.error, 'Failed to save the evidence retention')} />
      ) : null}
      <div className="form-actions">
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Applying...' : 'Apply Retention'}
        </Button>
      </div>
    </form>
  );
}
