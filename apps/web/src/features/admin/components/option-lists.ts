import type { ComboOption } from '@/components/ui/searchable-select';

interface Named {
  id: number;
  name: string;
  description?: string | undefined;
}

/**
 * Options for a role or permission picker: the loaded list, plus the ones the edited record
 * already holds (so their chips keep their names even when the list failed to load).
 */
export function namedOptions(
  list: readonly Named[] | undefined,
  held: readonly Named[] = [],
): ComboOption<number>[] {
  const byId = new Map<number, ComboOption<number>>();
  for (const item of [...(list ?? []), ...held]) {
    if (byId.has(item.id)) continue;
    byId.set(item.id, { value: item.id, label: item.name, hint: item.description || undefined });
  }
  return [...byId.values()];
}
