import {
  type ConfigurationPassRate,
  DEFAULT_READINESS_RULES,
  type MilestoneReadiness,
  READINESS_LIST_MAX,
  type ReadinessImport,
  type ReadinessReason,
  type ReadinessRule,
  type ReadinessRules,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { auditUpdated } from '../audit-log/audit-entries.ts';
import { type Principal, requireProjectOf } from '../authz/authorization.ts';
import { gateOfLatestImport } from '../imports/import-gate.ts';
import { unmetRequirementsOf } from '../requirements/requirements-service.ts';
import { auditedMilestone } from './milestone-links.ts';
import { findMilestone, findMilestoneRef } from './milestones-repository.ts';
import { MILESTONE_NOT_FOUND } from './milestones-service.ts';
import {
  type ConfigurationSums,
  countsByConfiguration,
  cyclesWithUntested,
  findReadinessRules,
  openDefects,
  saveReadinessRules,
} from './readiness-repository.ts';

/**
 * A milestone's readiness (docs/product/milestones.md, "Readiness"; decisions 202 to 204): its
 * rules (the defaults until it sets some) read against the counts kept per cycle, the CI gate of
 * the latest import of its branch, and the defects linked to failed items.
 */

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
/** 80, 66.67: a percentage as people read it. */
const percent = (value: number) => `${Math.round(value * 100) / 100}%`;

const COVERAGE_WORDS: Record<string, string> = {
  failing: 'failing',
  untested: 'untested',
  not_covered: 'not covered',
};

/** At most READINESS_LIST_MAX reasons of a rule, then one saying how many more there are. */
function bounded(rule: ReadinessRule, reasons: ReadinessReason[], whole: number): ReadinessReason[] {
  const listed = reasons.slice(0, READINESS_LIST_MAX);
  if (whole > listed.length)
    listed.push({ rule, message: `… and ${whole - listed.length} more`, link: null });
  return listed;
}

function passRateOf(sums: ConfigurationSums): ConfigurationPassRate {
  // Retest is work still to do, as untested is: not executed yet (decision 178), as reports count.
  const executed = sums.total - sums.untested - sums.retest;
  return {
    name: sums.name,
    cycles: sums.cycles,
    total: sums.total,
    executed,
    passed: sums.passed,
    pass_rate: executed > 0 ? Math.round((sums.passed / executed) * 10_000) / 100 : null,
  };
}

async function untestedReasons(db: Tx, milestoneId: number, untested: number, max: number) {
  if (untested <= max) return [];
  const cycles = await cyclesWithUntested(db, milestoneId, READINESS_LIST_MAX);
  const reasons = cycles.map(
    (cycle): ReadinessReason => ({
      rule: 'max_untested',
      message: `${plural(untested, 'item')} untested (at most ${max}): ${cycle.untested} in cycle '${cycle.name}'`,
      link: `/cycles/${cycle.id}`,
    }),
  );
  return bounded('max_untested', reasons, cycles[0]?.whole ?? 0);
}

function passRateReasons(milestoneId: number, rates: ConfigurationPassRate[], min: number) {
  if (rates.length === 0) {
    return [
      {
        rule: 'min_pass_rate' as const,
        message: `No test cycles yet: no pass rate to hold to ${percent(min)}`,
        link: `/milestones/${milestoneId}`,
      },
    ];
  }
  // Compared in whole numbers, so 95% of 20 results is met by 19 passed exactly.
  const failing = rates.filter((rate) => rate.executed === 0 || rate.passed * 100 < min * rate.executed);
  const reasons = failing.map(
    (rate): ReadinessReason => ({
      rule: 'min_pass_rate',
      message:
        rate.pass_rate === null
          ? `${rate.name ?? 'Without configuration'}: nothing tested yet (pass rate at least ${percent(min)})`
          : `${rate.name ?? 'Without configuration'}: pass rate ${percent(rate.pass_rate)} is below ${percent(min)}`,
      link: `/milestones/${milestoneId}`,
    }),
  );
  return bounded('min_pass_rate', reasons, failing.length);
}

interface ImportCheck {
  figures: ReadinessImport | null;
  reasons: ReadinessReason[];
  notes: ReadinessReason[];
}

/**
 * The CI gate of the latest import on the milestone's branch, read now (a quarantine begun since
 * counts): its new and still-failing failures fail the rule, flaky and quarantined ones are noted.
 */
async function importCheck(
  db: Tx,
  projectId: number,
  milestone: { id: number; branch: string | null },
  on: boolean,
): Promise<ImportCheck> {
  const rule = 'no_new_failures' as const;
  if (!milestone.branch) {
    const notes = on
      ? [{ rule, message: 'No CI branch: the milestone names none, so no import is checked', link: null }]
      : [];
    return { figures: null, reasons: [], notes };
  }
  const read = await gateOfLatestImport(db, projectId, milestone.branch);
  if (!read) {
    const notes = on ? [{ rule, message: `No import on branch ${milestone.branch} yet`, link: null }] : [];
    return { figures: null, reasons: [], notes };
  }
  const { gate } = read;
  const latest = { id: read.cycle.id, name: read.cycle.name, branch: read.cycle.branch };
  const figures: ReadinessImport = {
    cycle: latest,
    compared_with: gate.compared_with,
    counts: {
      new: gate.counts.new,
      still_failing: gate.counts.still_failing,
      flaky: gate.counts.flaky,
      quarantined: gate.counts.quarantined,
    },
  };
  if (!on) return { figures, reasons: [], notes: [] };
  const where = `in import '${latest.name}' on branch ${milestone.branch}`;
  const named = (words: string, list: typeof gate.new): ReadinessReason[] =>
    list.map((c) => ({ rule, message: `${words}: ${c.name}`, link: `/cases/${c.id}` }));
  const reasons = bounded(
    rule,
    [...named(`New failure ${where}`, gate.new), ...named(`Still failing ${where}`, gate.still_failing)],
    gate.counts.new + gate.counts.still_failing,
  );
  const notes = [
    ...bounded(rule, named(`Flaky failure ${where}, not counted`, gate.flaky), gate.counts.flaky),
    ...bounded(
      rule,
      named(`Quarantined failure ${where}, not counted`, gate.quarantined),
      gate.counts.quarantined,
    ),
  ];
  return { figures, reasons, notes };
}

export async function getReadiness(db: Db, principal: Principal, id: number): Promise<MilestoneReadiness> {
  const ref = await findMilestoneRef(db, id);
  await requireProjectOf(db, principal, ref?.project_id, MILESTONE_NOT_FOUND, 'home_milestone');
  const milestone = await findMilestone(db, id);
  if (!milestone) throw new NotFoundError(MILESTONE_NOT_FOUND);
  const stored = await findReadinessRules(db, id);
  const rules = stored ?? DEFAULT_READINESS_RULES;
  const untested = milestone.counts.untested + milestone.counts.retest;
  const rates = (await countsByConfiguration(db, id)).map(passRateOf);
  const ci = await importCheck(db, milestone.project_id, milestone, rules.no_new_failures);
  const defects = await openDefects(db, id, READINESS_LIST_MAX);
  const unmet = await unmetRequirementsOf(db, milestone.project_id, id, READINESS_LIST_MAX);

  const reasons: ReadinessReason[] = [];
  if (rules.max_untested !== null)
    reasons.push(...(await untestedReasons(db, id, untested, rules.max_untested)));
  if (rules.min_pass_rate !== null) reasons.push(...passRateReasons(id, rates, rules.min_pass_rate));
  reasons.push(...ci.reasons);
  if (rules.no_open_defects) {
    const linked = defects.list.map(
      (d): ReadinessReason => ({
        rule: 'no_open_defects',
        message: `Defect ${d.defect} linked to a failed result of case '${d.case_name}'`,
        link: d.url,
      }),
    );
    reasons.push(...bounded('no_open_defects', linked, defects.pairs));
  }
  const maxUnmet = rules.max_unmet_requirements ?? null;
  if (maxUnmet !== null && unmet.whole > maxUnmet) {
    const listed = unmet.list.map(
      (r): ReadinessReason => ({
        rule: 'max_unmet_requirements',
        message: `${r.key} '${r.title}' is ${COVERAGE_WORDS[r.coverage] ?? r.coverage}`,
        link: `/requirements/${r.id}`,
      }),
    );
    reasons.push(...bounded('max_unmet_requirements', listed, unmet.whole));
  }
  return {
    milestone: { id, name: milestone.name, branch: milestone.branch },
    ready: reasons.length === 0,
    rules,
    rules_set: stored !== null,
    reasons,
    notes: ci.notes,
    figures: {
      cycles: milestone.cycles,
      counts: milestone.counts,
      untested,
      configurations: rates,
      import: ci.figures,
      open_defects: defects.defects,
      unmet_requirements: unmet.whole,
    },
  };
}

/** Replaces the milestone's rules; the audit log records them before and after. */
export async function setReadinessRules(
  db: Db,
  principal: Principal,
  id: number,
  rules: ReadinessRules,
): Promise<ReadinessRules> {
  return db.transaction(async (tx) => {
    const seen = await findMilestoneRef(tx, id);
    await requireProjectOf(tx, principal, seen?.project_id, MILESTONE_NOT_FOUND, 'edit_milestone');
    await lockProject(tx, seen!.project_id, LOCK.keyShare);
    const ref = await findMilestoneRef(tx, id, LOCK.noKeyUpdate);
    if (!ref) throw new NotFoundError(MILESTONE_NOT_FOUND);
    const stored = await findReadinessRules(tx, id);
    const before = stored ?? DEFAULT_READINESS_RULES;
    // An older client leaves the requirements rule out: the stored rules keep theirs (decision 209).
    const maxUnmet =
      rules.max_unmet_requirements !== undefined
        ? rules.max_unmet_requirements
        : stored?.max_unmet_requirements;
    const saved: ReadinessRules = {
      max_untested: rules.max_untested,
      min_pass_rate: rules.min_pass_rate,
      no_new_failures: rules.no_new_failures,
      no_open_defects: rules.no_open_defects,
      ...(maxUnmet === undefined ? {} : { max_unmet_requirements: maxUnmet }),
    };
    await saveReadinessRules(tx, id, saved);
    await auditUpdated(
      tx,
      principal,
      auditedMilestone(ref),
      { readiness_rules: before },
      { readiness_rules: saved },
    );
    return saved;
  });
}
