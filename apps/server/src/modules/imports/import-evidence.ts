import { EVIDENCE_LIMITS, type EvidenceUpload, type ImportSummary } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { attachImportedFiles, type UploadLimits } from '../attachments/attachments-service.ts';
import type { Principal } from '../authz/authorization.ts';
import { formatBytes } from './import-body.ts';
import type { ReportedAttachment, ReportedCase } from './report-formats/reported-case.ts';

/**
 * A report's evidence (docs/product/report-formats.md, "Evidence"; decision 241): the files it
 * names for its tests, bounded as they are read, then, once the import's cycle is committed, the
 * bytes it carried stored on the results and the paths listed for the uploader.
 */

/** Skip lines kept in the answer; past them one line counts the rest. */
const LINES_MAX = 100;

export class EvidenceBudget {
  files = 0;
  inlineBytes = 0;
  private pastImport = 0;
  private pastBytes = 0;
  private badPaths = 0;
  private readonly lines: string[] = [];
  private moreLines = 0;

  /** The files of one reported test that fit the bounds; the others counted for the summary. */
  take(reported: ReportedCase): ReportedAttachment[] | undefined {
    const files = reported.attachments;
    if (!files || files.length === 0) return undefined;
    if (files.length > EVIDENCE_LIMITS.perTestMax) {
      this.line(
        `"${reported.path.join(' › ')}" names more than ${EVIDENCE_LIMITS.perTestMax} files; the first ${EVIDENCE_LIMITS.perTestMax} were kept`,
      );
    }
    const kept: ReportedAttachment[] = [];
    for (const file of files.slice(0, EVIDENCE_LIMITS.perTestMax)) {
      if (file.path !== undefined && file.path.length > EVIDENCE_LIMITS.pathMax) {
        this.badPaths += 1;
        continue;
      }
      if (this.files >= EVIDENCE_LIMITS.perImportMax) {
        this.pastImport += 1;
        continue;
      }
      const size = file.body?.length ?? 0;
      if (this.inlineBytes + size > EVIDENCE_LIMITS.inlineBytesMax) {
        this.pastBytes += 1;
        continue;
      }
      this.files += 1;
      this.inlineBytes += size;
      kept.push({ ...file, name: [...file.name].slice(0, EVIDENCE_LIMITS.nameMax).join('') });
    }
    return kept.length > 0 ? kept : undefined;
  }

  line(text: string): void {
    if (this.lines.length < LINES_MAX) this.lines.push(text);
    else this.moreLines += 1;
  }

  /** Whether the report named any file, kept or not: the answer then says what became of them. */
  get named(): boolean {
    return this.files + this.pastImport + this.pastBytes + this.badPaths + this.lines.length > 0;
  }

  skipped(): string[] {
    const lines = [...this.lines];
    if (this.badPaths > 0)
      lines.push(
        `${this.badPaths} file(s) with a path longer than ${EVIDENCE_LIMITS.pathMax} characters were skipped`,
      );
    if (this.pastImport > 0)
      lines.push(
        `${this.pastImport} file(s) past the ${EVIDENCE_LIMITS.perImportMax.toLocaleString('en-US')} of one import were skipped`,
      );
    if (this.pastBytes > 0)
      lines.push(
        `${this.pastBytes} file(s) past the ${formatBytes(EVIDENCE_LIMITS.inlineBytesMax)} a report may carry inline were skipped`,
      );
    if (this.moreLines > 0) lines.push(`… and ${this.moreLines} more`);
    return lines;
  }
}

/** One result of the import's cycle and the files its test named, with the test's name for the lines. */
export interface ResultEvidence {
  resultId: number;
  test: string;
  files: ReportedAttachment[];
}

/**
 * After the import's transaction: the bytes the report carried become attachments of their results
 * (each file in its own short statements, as any upload; skipped over ATTACHMENT_MAX_BYTES or past the
 * project's quota), and the files named by path are answered for the uploader to send.
 */
export async function settleEvidence(
  db: Db,
  principal: Principal,
  cycle: { projectId: number; id: number; name: string },
  results: ResultEvidence[],
  budget: EvidenceBudget,
  limits: UploadLimits,
): Promise<{ evidence: NonNullable<ImportSummary['evidence']>; uploads: EvidenceUpload[] }> {
  const uploads: EvidenceUpload[] = [];
  const inline = [];
  for (const { resultId, test, files } of results) {
    for (const file of files) {
      if (file.path !== undefined)
        uploads.push({
          result_id: resultId,
          name: file.name,
          path: file.path,
          content_type: file.contentType,
        });
      else inline.push({ resultId, test, name: file.name, contentType: file.contentType, bytes: file.body });
    }
  }
  const stored =
    inline.length > 0
      ? await attachImportedFiles(db, principal, cycle, inline, limits)
      : { attached: 0, skipped: [] };
  return {
    evidence: {
      attached: stored.attached,
      to_upload: uploads.length,
      skipped: [...budget.skipped(), ...stored.skipped],
    },
    uploads,
  };
}
