import { useEffect, useId, useState } from 'react';
import { SelectField } from '@/components/ui/form-field';
import { useProjectSuites } from '@/entities/suite/project-suites';
import type { BodyPart } from './action-part';
import { ParentPicker } from './parent-picker';

/** The suite choice for the project itself, in no suite. */
const NO_SUITE = 'none';

/** Move or Copy: into a suite (or the project itself), or under a case found by searching. */
export function TargetFields({
  projectId,
  suitesShown,
  onChange,
}: {
  projectId: number;
  suitesShown: boolean;
  onChange: (part: BodyPart) => void;
}) {
  const [kind, setKind] = useState<'suite' | 'case'>('suite');
  const [suite, setSuite] = useState('');
  const [parent, setParent] = useState<number | null>(null);
  const suites = useProjectSuites(projectId, suitesShown);
  const name = useId();

  useEffect(() => {
    if (kind === 'suite')
      onChange(suite === '' ? null : { suite_id: suite === NO_SUITE ? null : Number(suite) });
    else onChange(parent === null ? null : { parent_id: parent });
  }, [kind, suite, parent, onChange]);

  return (
    <fieldset className="bulk-fieldset">
      <legend className="form-label">Where to</legend>
      <div className="checkbox-field">
        <input
          type="radio"
          id={`${name}-suite`}
          name={name}
          checked={kind === 'suite'}
          onChange={() => setKind('suite')}
        />
        <label htmlFor={`${name}-suite`}>Into a suite</label>
      </div>
      {kind === 'suite' ? (
        <SelectField
          label="Suite"
          value={suite}
          onChange={(event) => setSuite(event.target.value)}
          placeholderOption="-- Choose --"
          options={[
            { value: NO_SUITE, label: 'No suite (project)' },
            ...(suites.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          hint={suites.isError ? 'The suites could not be loaded.' : undefined}
        />
      ) : null}
      <div className="checkbox-field">
        <input
          type="radio"
          id={`${name}-case`}
          name={name}
          checked={kind === 'case'}
          onChange={() => setKind('case')}
        />
        <label htmlFor={`${name}-case`}>Under a case</label>
      </div>
      {kind === 'case' ? <ParentPicker projectId={projectId} parent={parent} onPick={setParent} /> : null}
    </fieldset>
  );
}
