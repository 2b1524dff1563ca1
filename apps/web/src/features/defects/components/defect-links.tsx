import type { CycleResult, DefectLink } from '@verdict/contract';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField, SelectField } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { STATE_LABELS } from '@/entities/cycle/cycle-states';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import { type DefectOwner, useDefectLinks, useDefectMutations } from '../api/defects-api';
import './defects.css';

/**
 * The defects of a case (every level) or of a cycle item (its own and its results'), each a link
 * to the tracker opening in a new tab, with an input to link one more and a Remove button where
 * the caller may (docs/product/defects-screens.md).
 */
export function DefectLinks({
  owner,
  canLink,
  canRemove,
  results = [],
}: {
  owner: DefectOwner;
  canLink: boolean;
  canRemove: (link: DefectLink) => boolean;
  /** An item's results, newest last: the form may link a defect to one of them. */
  results?: readonly CycleResult[];
}) {
  const links = useDefectLinks(owner);
  const { unlink } = useDefectMutations(owner);
  const { show } = useToast();
  const headingId = useId();
  return (
    <section className="defect-links" aria-labelledby={headingId}>
      <h2 id={headingId} className="defect-links-title">
        Defects
      </h2>
      {links.isPending ? (
        <p>Loading defects...</p>
      ) : links.isError ? (
        <ErrorBox message={errorText(links.error, 'Failed to fetch the defects')} />
      ) : links.data.length === 0 ? (
        <p className="muted">No defects linked.</p>
      ) : (
        <ul className="defect-list">
          {links.data.map((link) => (
            <li key={link.id} className="defect-row">
              <a href={link.url} target="_blank" rel="noopener noreferrer" className="defect-url">
                {link.defect}
              </a>
              <span className="muted">{whereOf(link, owner, results)}</span>
              {canRemove(link) ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${link.defect}`}
                  busy={unlink.isPending && unlink.variables === link.id}
                  onClick={() =>
                    unlink.mutate(link.id, {
                      onSuccess: () => show(`Defect ${link.defect} removed`),
                      onError: (error) => show(errorText(error, 'Failed to remove the defect'), 'error'),
                    })
                  }
                >
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canLink ? <LinkForm owner={owner} results={results} /> : null}
    </section>
  );
}

/** Where a link sits, in the words of the list it is in. */
function whereOf(link: DefectLink, owner: DefectOwner, results: readonly CycleResult[]): string {
  if (!link.cycle) return 'on the case';
  const result = link.result_id === null ? null : results.find((r) => r.id === link.result_id);
  const resultText = result
    ? `${STATE_LABELS[result.state].toLowerCase()} result of ${formatDateTime(result.created_at)}`
    : link.result_id === null
      ? null
      : 'a result';
  if (owner.kind === 'item') return resultText ? `on the ${resultText}` : 'on this item';
  return `in ${link.cycle.name}${resultText ? `, on ${resultText}` : ''}`;
}

function LinkForm({ owner, results }: { owner: DefectOwner; results: readonly CycleResult[] }) {
  const { link } = useDefectMutations(owner);
  const { show } = useToast();
  const [text, setText] = useState('');
  // Link Defect is disabled while it works (and again once the input empties): focus goes back
  // to the input, to link another or to correct a refused one.
  const inputRef = useRef<HTMLInputElement>(null);
  const latestFailed = [...results].reverse().find((r) => r.state === 'failed');
  const [target, setTarget] = useState(latestFailed ? String(latestFailed.id) : '');
  const options = [
    { value: '', label: 'This item' },
    ...[...results].reverse().map((r) => ({
      value: String(r.id),
      label: `${STATE_LABELS[r.state]} result of ${formatDateTime(r.created_at)}`,
    })),
  ];
  return (
    <form
      className="defect-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') return;
        const body = { defect: text, ...(target ? { result_id: Number(target) } : {}) };
        link.mutate(body, {
          onSuccess: (answer) => {
            show(`Defect ${answer.defect.defect} linked`);
            setText('');
            link.reset();
            inputRef.current?.focus();
          },
          onError: () => inputRef.current?.focus(),
        });
      }}
    >
      <InputField
        ref={inputRef}
        label="Defect id or URL"
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        autoComplete="off"
        error={link.error ? errorText(link.error, 'Failed to link the defect') : null}
      />
      {owner.kind === 'item' && results.length > 0 ? (
        <SelectField
          label="Link to"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          options={options}
        />
      ) : null}
      <Button type="submit" variant="secondary" busy={link.isPending} disabled={text.trim() === ''}>
        Link Defect
      </Button>
    </form>
  );
}
