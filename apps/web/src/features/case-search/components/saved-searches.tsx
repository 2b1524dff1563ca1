import type { SavedSearch } from '@verdict/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField } from '@/components/ui/form-field';
import { ApiError, errorText } from '@/lib/api-client';
import { useSavedSearches, useSavedSearchMutations } from '../api/saved-searches';
import { caseSearchHref } from '../search-address';

/** The longest name a saved search may have. */
const NAME_MAX = 100;

/**
 * 'Saved searches' on Search Test Cases (docs/product/search-screens.md): the person's own
 * searches of the project as links to their results, each with Delete, and 'Save search', which
 * asks a name for the query in the address.
 */
export function SavedSearches({ projectId, query }: { projectId: number; query: string }) {
  const headingId = useId();
  const searches = useSavedSearches(projectId);
  const { save, remove } = useSavedSearchMutations(projectId);
  const [naming, setNaming] = useState(false);
  const [message, setMessage] = useState('');

  const onDelete = (search: SavedSearch) => {
    setMessage('');
    remove.mutate(search.id, {
      onSuccess: (answer) => setMessage(answer.message),
    });
  };

  return (
    <section className="case-search-saved" aria-labelledby={headingId}>
      <h2 id={headingId} className="case-search-saved-title">
        Saved searches
      </h2>
      {searches.isError ? (
        <ErrorBox message="Could not load the saved searches." error={searches.error}>
          <Button size="sm" variant="secondary" onClick={() => void searches.refetch()}>
            Retry
          </Button>
        </ErrorBox>
      ) : searches.data && searches.data.length > 0 ? (
        <ul className="case-search-saved-list">
          {searches.data.map((search) => (
            <li key={search.id}>
              <Link to={caseSearchHref(projectId, search.q)}>{search.name}</Link>
              <code className="case-search-saved-query">{search.q === '' ? '(every case)' : search.q}</code>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete saved search ${search.name}`}
                disabled={remove.isPending && remove.variables === search.id}
                onClick={() => onDelete(search)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : searches.data ? (
        <p className="muted case-search-saved-none">None yet: save a search to come back to it.</p>
      ) : null}
      {remove.isError ? <ErrorBox message="Could not delete the saved search." error={remove.error} /> : null}
      {naming ? (
        <SaveForm
          query={query}
          busy={save.isPending}
          error={save.error}
          onSave={(name) =>
            save.mutate(
              { name, q: query },
              {
                onSuccess: (answer) => {
                  setNaming(false);
                  setMessage(`${answer.message}: ${answer.search.name}`);
                },
              },
            )
          }
          onCancel={() => {
            setNaming(false);
            save.reset();
          }}
        />
      ) : (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setMessage('');
            setNaming(true);
          }}
        >
          Save search
        </Button>
      )}
      <p className="case-search-saved-message" role="status">
        {message}
      </p>
    </section>
  );
}

function SaveForm({
  query,
  busy,
  error,
  onSave,
  onCancel,
}: {
  query: string;
  busy: boolean;
  error: unknown;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(query.slice(0, NAME_MAX));
  const [blank, setBlank] = useState(false);
  // A taken name (409) or a refused name is the name's problem; anything else is the form's.
  const atName =
    error instanceof ApiError && (error.status === 409 || error.status === 400)
      ? errorText(error, 'Could not save the search')
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setBlank(true);
      return;
    }
    onSave(name.trim());
  };
  return (
    <form className="case-search-save" onSubmit={submit} noValidate>
      <InputField
        label="Name of the search"
        value={name}
        maxLength={NAME_MAX}
        required
        autoComplete="off"
        autoFocus
        hint={
          query === '' ? (
            'Saves the search for every case.'
          ) : (
            <>
              Saves the query <code>{query}</code>
            </>
          )
        }
        error={blank ? 'Name the search' : atName}
        onChange={(event) => {
          setName(event.target.value);
          setBlank(false);
        }}
      />
      {error && !atName ? <ErrorBox message="Could not save the search." error={error} /> : null}
      <div className="case-search-save-actions">
        <Button type="submit" size="sm" busy={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
