import type { CaseImportProblem } from '@verdict/contract';
import { type ReactNode, useRef, useState } from 'react';
import type { SelectOption } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Loading } from '@/components/ui/loading';
import { Card } from '@/components/ui/page';
import { type ChosenFile, type ImportProgress, useShownPreview } from '@/lib/import-file';
import { type ImportMapping, withTarget } from '@/lib/import-mapping';
import { ColumnMapping, NotImported } from './column-mapping';
import { ImportFileCard } from './import-file-card';
import { ImportProblems, problemsText } from './import-problems';
import { ImportRun, type ImportRunState } from './import-run';
import './import.css';

/** What every import screen's preview answers (packages/contract: case-import, requirement-import). */
export interface ImportPreviewShape {
  columns: readonly string[];
  mapping: ImportMapping;
  problems: readonly CaseImportProblem[];
  problem_count: number;
}

/** What the screen reads of the preview query (lib/import-file.ts, `useImportPreview`). */
export interface ImportPreviewState<Preview> {
  data: Preview | undefined;
  isPlaceholderData: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What the screen does with the import's mutation. */
export interface ImportMutation extends ImportRunState {
  mutate: (variables: { file: File; mapping: ImportMapping }) => void;
  reset: () => void;
}

/**
 * The state of an import screen that its calls depend on: the chosen file, the mapping (null: the
 * server's guess; the user's own once a select changes) and the progress of the import.
 */
export function useImportFlow() {
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  // A new round empties the file input for 'Import another file'.
  const [round, setRound] = useState(0);
  const serial = useRef(0);
  const choose = (file: File | undefined) => {
    setProgress(null);
    setMapping(null);
    if (!file) {
      setChosen(null);
      return;
    }
    serial.current += 1;
    setChosen({ file, serial: serial.current });
  };
  return { chosen, mapping, setMapping, progress, setProgress, round, setRound, choose };
}

export type ImportFlowState = ReturnType<typeof useImportFlow>;

export interface ImportFlowProps<Preview extends ImportPreviewShape> {
  flow: ImportFlowState;
  preview: ImportPreviewState<Preview>;
  run: ImportMutation;
  /** Under the file field: what the screen reads. */
  hint: string;
  /** What a column can fill (see `ColumnMapping`). */
  targets: readonly SelectOption[];
  /** The column every row needs: its label ('Name'), whether a mapping has it, the warning without. */
  required: { label: string; mapped: (mapping: ImportMapping) => boolean; warning: string };
  /** How many rows the file imports, how they are counted ('5 cases') and named ('cases'). */
  count: (preview: Preview) => number;
  countText: (n: number) => string;
  what: string;
  /** After the count in the file's summary: ' (10 new, 2 updated)'. */
  countDetail?: (preview: Preview) => string;
  /** Under the file's summary. */
  fileNote?: (preview: Preview) => ReactNode;
  /** Under the mapping, for the mapping as it is. */
  columnsNote?: (mapping: ImportMapping) => ReactNode;
  /** Between the problems and the preview table. */
  previewNote?: (preview: Preview) => ReactNode;
  /** The preview's table of its first rows. */
  table: (preview: Preview) => ReactNode;
  previewClassName?: string;
  /** Where the link after a finished import goes. */
  back: { to: string; label: string };
}

/**
 * The cards of an import screen: File, then, once the file is read, Columns, Preview (the last
 * preview that came stays in view while the next one comes or fails) and Import, whose button
 * says why it is disabled (docs/product/case-import-screens.md, requirements-screens.md).
 */
export function ImportFlow<Preview extends ImportPreviewShape>(props: ImportFlowProps<Preview>) {
  const { flow, preview, run, required, count, countText, what } = props;
  const { chosen } = flow;
  const shown = useShownPreview(chosen, preview);
  const current = flow.mapping ?? shown?.mapping ?? [];
  const locked = run.isPending || run.isSuccess;

  const choose = (file: File | undefined) => {
    run.reset();
    flow.choose(file);
  };

  const blocked =
    shown === undefined
      ? null
      : preview.isError
        ? 'The preview of this mapping failed: change the mapping or try again.'
        : preview.isFetching
          ? 'Updating the preview...'
          : !required.mapped(current)
            ? `Map a column to ${required.label} to import.`
            : shown.problem_count > 0
              ? 'Fix the problems listed above (in the file or in the mapping) to import.'
              : count(shown) === 0
                ? `The file has no ${what} to import.`
                : null;

  return (
    <>
      <ImportFileCard
        round={flow.round}
        hint={props.hint}
        disabled={run.isPending}
        chosen={chosen}
        summary={
          chosen && shown ? (
            <>
              <p className="import-summary">
                {chosen.file.name}: {countText(count(shown))}
                {props.countDetail?.(shown)}
                {shown.problem_count === 0 ? '' : `, ${problemsText(shown.problem_count)}`}.
              </p>
              {props.fileNote?.(shown)}
            </>
          ) : undefined
        }
        error={preview.isError ? preview.error : null}
        onRetry={() => void preview.refetch()}
        onChoose={choose}
      />

      {chosen && shown ? (
        <>
          <Card title="Columns">
            <p className="import-hint">
              Choose what each column of the file fills. A column left at "Don't import" is not imported.
            </p>
            <ColumnMapping
              columns={shown.columns}
              mapping={current}
              targets={props.targets}
              disabled={locked}
              onChange={(index, target) => flow.setMapping(withTarget(current, index, target))}
            />
            {required.mapped(current) ? null : <p className="import-warning">{required.warning}</p>}
            <NotImported columns={shown.columns} mapping={current} />
            {props.columnsNote?.(current)}
          </Card>

          <Card title="Preview" className={props.previewClassName}>
            <div aria-busy={preview.isFetching || undefined}>
              {preview.isError ? (
                <LoadFailed
                  what="the preview"
                  message="Could not update the preview."
                  error={preview.error}
                  onRetry={() => void preview.refetch()}
                />
              ) : null}
              {preview.isFetching ? <Loading text="Updating the preview..." /> : null}
              <ImportProblems problems={shown.problems} count={shown.problem_count} />
              {props.previewNote?.(shown)}
              {count(shown) === 0 ? <p>{`The file has no ${what}.`}</p> : props.table(shown)}
            </div>
          </Card>

          <ImportRun
            count={count(shown)}
            countText={countText}
            what={what}
            blocked={blocked}
            progress={flow.progress}
            run={run}
            back={props.back}
            onImport={() => {
              flow.setProgress({ done: 0, total: count(shown) });
              run.mutate({ file: chosen.file, mapping: current });
            }}
            onAgain={() => {
              choose(undefined);
              flow.setRound((n) => n + 1);
            }}
          />
        </>
      ) : null}
    </>
  );
}
