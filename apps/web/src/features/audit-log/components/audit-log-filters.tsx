import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '@verdict/contract';
import { useEffect, useRef, useState } from 'react';
import { InputField, SelectField } from '@/components/ui/form-field';
import { SearchableSelect } from '@/components/ui/searchable-select';
import { ACTION_LABELS, type AuditFilters, ENTITY_LABELS, hasFilters, NO_FILTERS } from '../audit-filters';

const SEARCH_DELAY_MS = 300;

export interface AuditLogFiltersProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** The user picker's choices; undefined when the user list is not readable (an id field then). */
  users: readonly { id: number; username: string; email: string }[] | undefined;
}

/** Search (debounced, so typing does not send a request per key), user, entity, action, dates. */
export function AuditLogFilters({ filters, onChange, users }: AuditLogFiltersProps) {
  const [typed, setTyped] = useState(filters.q);
  // The address may change the search (back button, clear): show what it says.
  useEffect(() => setTyped(filters.q), [filters.q]);
  const waiting = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (typed === filters.q) return;
    waiting.current = window.setTimeout(() => onChange({ ...filters, q: typed }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(waiting.current);
  }, [typed, filters, onChange]);

  // A filter picked while the search still waits takes the typed search with it, and the wait
  // ends: that waiting change was built on the filters before the pick, and firing before the
  // address catches up it would undo the pick.
  const set = (patch: Partial<AuditFilters>) => {
    window.clearTimeout(waiting.current);
    onChange({ ...filters, q: typed, ...patch });
  };

  return (
    <div className="audit-filters">
      <InputField
        label="Search"
        type="search"
        className="audit-search"
        placeholder="Search summaries..."
        value={typed}
        maxLength={200}
        onChange={(event) => setTyped(event.target.value)}
      />
      {users ? (
        <SearchableSelect
          label="User"
          options={users.map((user) => ({ value: user.id, label: user.username, hint: user.email }))}
          value={filters.userId}
          onChange={(userId) => set({ userId })}
          placeholder="All users"
        />
      ) : (
        <InputField
          label="User id"
          type="number"
          min={1}
          placeholder="All users"
          value={filters.userId ?? ''}
          onChange={(event) => {
            const id = Number(event.target.value);
            set({ userId: Number.isInteger(id) && id >= 1 ? id : null });
          }}
        />
      )}
      <SelectField
        label="Entity"
        placeholderOption="All entities"
        options={AUDIT_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_LABELS[entity] }))}
        value={filters.entity ?? ''}
        onChange={(event) => set({ entity: (event.target.value || null) as AuditEntity | null })}
      />
      <SelectField
        label="Action"
        placeholderOption="All actions"
        options={AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] }))}
        value={filters.action ?? ''}
        onChange={(event) => set({ action: (event.target.value || null) as AuditAction | null })}
      />
      <InputField
        label="From"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => set({ from: event.target.value })}
      />
      <InputField
        label="To"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => set({ to: event.target.value })}
      />
      <div className="audit-filters-clear">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!hasFilters(filters) && typed === ''}
          onClick={() => {
            // The box empties when the address does (the effect above), not before: a search
            // emptied first would wait and then bring back the filters being cleared.
            window.clearTimeout(waiting.current);
            onChange(NO_FILTERS);
          }}
        >
          Clear filters
        </button>
      </div>
    </div>
  );
}
