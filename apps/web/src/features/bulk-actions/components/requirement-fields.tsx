import type { RequirementRef } from '@verdict/contract';
import { useState } from 'react';
import { RequirementPicker } from '@/entities/requirement/requirement-picker';
import type { BodyPart } from './action-part';

/** Link to requirement: one of the project's requirements, found by its key or title. */
export function RequirementFields({
  projectId,
  onChange,
}: {
  projectId: number;
  onChange: (part: BodyPart) => void;
}) {
  const [chosen, setChosen] = useState<RequirementRef | null>(null);
  return (
    <>
      <RequirementPicker
        projectId={projectId}
        chosen={chosen?.id ?? null}
        onPick={(requirement) => {
          setChosen(requirement);
          onChange({ requirement_id: requirement.id });
        }}
      />
      <p className="bulk-hint">
        {chosen ? `Links them to ${chosen.key}. ` : ''}Cases already linked to it are left as they are.
      </p>
    </>
  );
}
