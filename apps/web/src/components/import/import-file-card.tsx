import { type ReactNode, useEffect, useRef } from 'react';
import { InputField } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { Card } from '@/components/ui/page';
import { type ChosenFile, FILE_ACCEPT } from '@/lib/import-file';
import './import.css';

export interface ImportFileCardProps {
  /** Counts 'Import another file': a new round empties the field and focuses it. */
  round: number;
  hint: string;
  disabled: boolean;
  chosen: ChosenFile | null;
  /** The file's summary once its preview came ('cases.csv: 12 cases.'), else undefined. */
  summary: ReactNode | undefined;
  /** Why the file could not be read (its first preview failed), else null. */
  error: unknown;
  onRetry: () => void;
  onChoose: (file: File | undefined) => void;
}

/**
 * 'File': the field labelled 'CSV or XLSX file' and, announced under it, 'Reading {file}...', then
 * the file's summary, or 'Could not read {file}.' (docs/product/case-import-screens.md, "File").
 */
export function ImportFileCard({
  round,
  hint,
  disabled,
  chosen,
  summary,
  error,
  onRetry,
  onChoose,
}: ImportFileCardProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  // After 'Import another file' (gone with its card), focus goes to the emptied file field.
  useEffect(() => {
    if (round > 0) fileInput.current?.focus();
  }, [round]);
  const failed = chosen !== null && summary === undefined && error !== null;
  return (
    <Card title="File">
      <InputField
        key={round}
        ref={fileInput}
        label="CSV or XLSX file"
        type="file"
        accept={FILE_ACCEPT}
        className="import-file"
        disabled={disabled}
        hint={hint}
        onChange={(event) => onChoose(event.target.files?.[0])}
      />
      <div className="import-status" role="status">
        {chosen === null || failed
          ? null
          : (summary ?? (
              // The spinner of <Loading>, without its own status role inside this one.
              <div className="loading">
                <span className="spinner" aria-hidden="true" />
                <span>Reading {chosen.file.name}...</span>
              </div>
            ))}
      </div>
      {failed ? (
        <LoadFailed
          what={chosen.file.name}
          message={`Could not read ${chosen.file.name}.`}
          error={error}
          onRetry={onRetry}
        />
      ) : null}
    </Card>
  );
}
