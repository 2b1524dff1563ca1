import type { EvidenceRetention } from '@verdict/contract';
import type { Db } from '../../db/client.ts';
import { ADVISORY_LOCK, LOCK, lockProject } from '../../db/row-locks.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { counted, quoted, recordAudit } from '../audit-log/audit-entries.ts';
import { type Principal, requireProject } from '../authz/authorization.ts';
import { projectName } from '../projects/projects-service.ts';
import {
  deleteFilesBeyond,
  findRetention,
  projectsWithRetention,
  saveRetention,
  trySweepLock,
} from './evidence-retention-repository.ts';
import { removeFileObjects } from './file-bytes.ts';

/**
 * The retention of CI evidence (docs/product/attachments.md, "Retention of CI evidence";
 * decision 252): a project's rule, and the sweep that removes the files of import cycles beyond it.
 */

/** Files removed per sweep, all projects together: a sweep is short, and the next one goes on. */
export const RETENTION_SWEEP_FILES = 1000;

export async function projectRetention(db: Db, principal: Principal, projectId: number) {
  await requireProject(db, principal, projectId, 'home_test_case');
  return findRetention(db, projectId);
}

/** What a rule says, in the words of the audit log and the settings screen. */
export function describeRule(rule: EvidenceRetention): string {
  const parts = [
    ...(rule.keep_cycles === null
      ? []
      : [`the last ${counted(rule.keep_cycles, 'import cycle')} per branch`]),
    ...(rule.keep_days === null ? [] : [counted(rule.keep_days, 'day')]),
  ];
  return parts.length === 0 ? 'keep everything' : `keep ${parts.join(' and ')}`;
}

export async function changeRetention(
  db: Db,
  principal: Principal,
  projectId: number,
  rule: EvidenceRetention,
): Promise<EvidenceRetention> {
  return db.transaction(async (tx) => {
    await requireProject(tx, principal, projectId, 'edit_project');
    if (!(await lockProject(tx, projectId, LOCK.noKeyUpdate))) throw new NotFoundError('Project not found');
    const before = await findRetention(tx, projectId);
    await saveRetention(tx, projectId, rule);
    await recordAudit(tx, principal, {
      action: 'update',
      entity: 'project',
      entityId: projectId,
      projectId,
      summary: `Set the retention of CI evidence of project ${quoted(await projectName(tx, projectId))}: ${describeRule(rule)}`,
      changes: {
        ...(before.keep_cycles === rule.keep_cycles
          ? {}
          : { evidence_keep_cycles: { before: before.keep_cycles, after: rule.keep_cycles } }),
        ...(before.keep_days === rule.keep_days
          ? {}
          : { evidence_keep_days: { before: before.keep_days, after: rule.keep_days } }),
      },
    });
    return rule;
  });
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
    : bytes >= 1024
      ? `${Number((bytes / 1024).toFixed(1))} KB`
      : `${bytes} bytes`;

/** What one sweep removed in one project. */
export interface ProjectSweep {
  projectId: number;
  files: number;
  bytes: number;
  cycles: number;
}

/**
 * One sweep: the projects with a rule, from the one after `afterId` on, each in its own
 * transaction under its sweep lock (an instance that finds it taken passes the project by), until
 * RETENTION_SWEEP_FILES files are removed. Each project's removal is one audit entry by the system
 * in that transaction; the objects of bucket files go after it commits (the orphan sweep takes any
 * it could not). Answers what went, and the last project looked at (0 once round them all).
 */
export async function sweepEvidence(
  db: Db,
  afterId = 0,
  budget = RETENTION_SWEEP_FILES,
): Promise<{ removed: ProjectSweep[]; lastProjectId: number }> {
  const removed: ProjectSweep[] = [];
  let last = afterId;
  while (budget > 0) {
    const projects = await projectsWithRetention(db, last, 50);
    if (projects.length === 0) return { removed, lastProjectId: 0 };
    for (const project of projects) {
      if (budget <= 0) break;
      last = project.project_id;
      const files = await db.transaction(async (tx) => {
        if (!(await trySweepLock(tx, ADVISORY_LOCK.evidenceRetention, project.project_id))) return [];
        const gone = await deleteFilesBeyond(tx, project.project_id, project, budget);
        if (gone.length === 0) return gone;
        const bytes = gone.reduce((sum, file) => sum + file.size, 0);
        const cycles = [...new Map(gone.map((file) => [file.cycle_id, file.cycle_name])).values()];
        await recordAudit(tx, null, {
          action: 'delete',
          entity: 'project',
          entityId: project.project_id,
          projectId: project.project_id,
          summary:
            `Removed ${counted(gone.length, 'file')} (${formatBytes(bytes)}) of CI evidence from ` +
            `${counted(cycles.length, 'import cycle')} of project ${quoted(project.name)} under its retention rule ` +
            `(${describeRule(project)})`,
          changes: {
            evidence_files: { before: gone.length, after: null },
            evidence_bytes: { before: bytes, after: null },
            cycles: { before: cycles, after: null },
          },
        });
        return gone;
      });
      budget -= files.length;
      if (files.length > 0) {
        await removeFileObjects(
          db,
          files.filter((file) => file.store === 's3').map((file) => file.id),
        );
        removed.push({
          projectId: project.project_id,
          files: files.length,
          bytes: files.reduce((sum, file) => sum + file.size, 0),
          cycles: new Set(files.map((file) => file.cycle_id)).size,
        });
      }
    }
  }
  return { removed, lastProjectId: last };
}

/** Runs the sweep every `everyMs` on this instance, going round the projects. */
export function startEvidenceSweep(db: Db, everyMs: number, warn: (error: unknown) => void): () => void {
  let after = 0;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepEvidence(db, after)
      .then((sweep) => {
        after = sweep.lastProjectId;
      })
      .catch(warn)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
