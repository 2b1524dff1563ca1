import { useState } from 'react';
import { InputField } from '@/components/ui/form-field';
import { parseTags } from '../bulk-text';
import type { BodyPart } from './action-part';

/** Tags: tags to add and tags to remove, at least one of either. */
export function TagFields({ onChange }: { onChange: (part: BodyPart) => void }) {
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const update = (nextAdd: string, nextRemove: string) => {
    setAdd(nextAdd);
    setRemove(nextRemove);
    const addTags = parseTags(nextAdd);
    const removeTags = parseTags(nextRemove);
    if (addTags.length === 0 && removeTags.length === 0) onChange(null);
    else
      onChange({
        ...(addTags.length > 0 ? { add_tags: addTags } : {}),
        ...(removeTags.length > 0 ? { remove_tags: removeTags } : {}),
      });
  };
  return (
    <>
      <InputField
        label="Add tags"
        value={add}
        autoComplete="off"
        hint="Separate tags with commas."
        onChange={(event) => update(event.target.value, remove)}
      />
      <InputField
        label="Remove tags"
        value={remove}
        autoComplete="off"
        hint="Separate tags with commas."
        onChange={(event) => update(add, event.target.value)}
      />
    </>
  );
}
