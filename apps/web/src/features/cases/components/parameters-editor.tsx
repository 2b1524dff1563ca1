import { type CaseParameters, PARAMETER_LIMITS } from '@verdict/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/form-field';
import type { FieldErrors } from '@/lib/field-errors';
import {
  addColumn,
  addRow,
  columnLabel,
  type ParametersDraft,
  parametersFromTsv,
  removeColumn,
  removeRow,
  renameColumn,
  setCell,
} from '../case-parameters';
import './parameters.css';

interface ParametersEditorProps {
  parameters: ParametersDraft;
  onChange: (parameters: ParametersDraft) => void;
  /** Server errors by body field; those about `parameters` (or inside it) show here. */
  errors: FieldErrors;
}

/** The server's message about the parameters: the field itself, else the first inside it. */
function parametersError(errors: FieldErrors): string | undefined {
  return errors.parameters ?? Object.entries(errors).find(([key]) => key.startsWith('parameters.'))?.[1];
}

/**
 * The case form's Parameters (docs/product/parameters-screens.md): a table of named columns and
 * rows of values, edited in place (its own box scrolls sideways on a phone), or filled from
 * tab-separated text copied from a spreadsheet. Focus follows what a button made or removed.
 */
export function ParametersEditor({ parameters, onChange, errors }: ParametersEditorProps) {
  const hintId = useId();
  const box = useRef<HTMLFieldSetElement>(null);
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState('');
  const [pasteProblem, setPasteProblem] = useState<string | null>(null);
  const error = parametersError(errors);
  const table = parameters;

  useEffect(() => {
    if (focusNext === null) return;
    box.current?.querySelector<HTMLElement>(`[data-focus="${focusNext}"]`)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  // A button that makes or removes a cell names where focus goes, since it may itself be gone.
  const change = (next: ParametersDraft, focus?: string) => {
    onChange(next);
    if (focus) setFocusNext(focus);
  };

  const fill = () => {
    const answer = parametersFromTsv(pasted);
    if ('problem' in answer) {
      setPasteProblem(answer.problem);
      return;
    }
    setPasting(false);
    setPasted('');
    setPasteProblem(null);
    change(answer.table, 'column-0');
  };

  return (
    <fieldset className="parameters-editor" ref={box} aria-describedby={hintId}>
      <legend className="form-label">Parameters</legend>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="form-hint" id={hintId}>
        A cycle runs the case once per row. <code>{'{{name}}'}</code> in the preconditions, steps and expected
        results takes the row's value of the column <em>name</em>.
      </p>
      {table ? (
        <ParametersTable table={table} onChange={change} />
      ) : (
        <p className="muted">No parameters: a cycle runs this case once.</p>
      )}
      <div className="parameters-actions">
        <Button
          size="sm"
          variant="secondary"
          data-focus="add-column"
          disabled={(table?.columns.length ?? 0) >= PARAMETER_LIMITS.columnsMax}
          onClick={() => change(addColumn(table), `column-${table?.columns.length ?? 0}`)}
        >
          Add column
        </Button>
        {table ? (
          <Button
            size="sm"
            variant="secondary"
            data-focus="add-row"
            disabled={table.rows.length >= PARAMETER_LIMITS.rowsMax}
            onClick={() => change(addRow(table), `cell-${table.rows.length}-0`)}
          >
            Add row
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={pasting}
          onClick={() => {
            setPasting(!pasting);
            setPasteProblem(null);
            if (!pasting) setFocusNext('paste');
          }}
        >
          Paste from a spreadsheet
        </Button>
        {table ? (
          <Button size="sm" variant="ghost" onClick={() => change(null, 'add-column')}>
            Remove parameters
          </Button>
        ) : null}
      </div>
      {pasting ? (
        <div className="parameters-paste">
          <TextAreaField
            label="Cells from a spreadsheet"
            data-focus="paste"
            rows={5}
            value={pasted}
            error={pasteProblem}
            hint="The first line holds the column names, each further line a row; a tab between values, as a spreadsheet copies them. Filling replaces the table."
            onChange={(event) => setPasted(event.target.value)}
          />
          <div className="parameters-actions">
            <Button size="sm" onClick={fill}>
              Fill the table
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setPasting(false);
                setPasteProblem(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}

/** The columns' names over the rows of values, each input labelled for a screen reader. */
function ParametersTable({
  table,
  onChange,
}: {
  table: CaseParameters;
  onChange: (next: ParametersDraft, focus?: string) => void;
}) {
  const lastRow = table.rows.length === 1;
  return (
    <div className="parameters-table-wrap">
      <table className="parameters-table">
        <thead>
          <tr>
            <th scope="col" className="parameters-row-number">
              <span className="visually-hidden">Row</span>
            </th>
            {table.columns.map((name, c) => (
              // Columns have no ids; a table being edited never reorders them.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <th scope="col" key={c}>
                <div className="parameters-column">
                  <input
                    className="input"
                    aria-label={`Column ${c + 1} name`}
                    data-focus={`column-${c}`}
                    value={name}
                    maxLength={PARAMETER_LIMITS.nameMax}
                    onChange={(event) => onChange(renameColumn(table, c, event.target.value))}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove column ${columnLabel(table, c)}`}
                    onClick={() => onChange(removeColumn(table, c), 'add-column')}
                  >
                    ✕
                  </Button>
                </div>
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are numbered, and their number is their name
            <tr key={r}>
              <th scope="row" className="parameters-row-number">
                {r + 1}
              </th>
              {row.map((value, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: see the columns above
                <td key={c}>
                  <input
                    className="input"
                    aria-label={`Row ${r + 1}, ${columnLabel(table, c)}`}
                    data-focus={`cell-${r}-${c}`}
                    value={value}
                    maxLength={PARAMETER_LIMITS.valueMax}
                    onChange={(event) => onChange(setCell(table, r, c, event.target.value))}
                  />
                </td>
              ))}
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove row ${r + 1}`}
                  disabled={lastRow}
                  title={
                    lastRow ? 'A table keeps one row; Remove parameters takes the whole table.' : undefined
                  }
                  onClick={() => onChange(removeRow(table, r), 'add-row')}
                >
                  ✕
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
