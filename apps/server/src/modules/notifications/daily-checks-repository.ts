import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * What the daily checks read (docs/product/notifications.md, "What you are told of"): quarantines
 * that ended by their date, and milestones due soon with work left. Dates are UTC days as text.
 */

/** How far back the check still tells of a quarantine that ended by its date (a server stopped for days). */
const QUARANTINE_LOOKBACK_DAYS = 7;

export interface EndedQuarantine {
  case_id: number;
  case_name: string;
  project_id: number;
  /** Who put the case in quarantine. */
  created_by: number;
  until: string;
  /** Names this quarantine: quarantining the case again starts another. */
  started: string;
}

/** The quarantines whose end date has begun on `day` or in the week before it. */
export function quarantinesEndedBy(db: Tx, day: string): Promise<EndedQuarantine[]> {
  return queryRows<EndedQuarantine>(
    db,
    sql`select q.case_id, c.name as case_name, c.project_id, q.created_by, q.until::text as until,
      to_char(q.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') as started
    from case_quarantines q join test_cases c on c.id = q.case_id
    where q.created_by is not null and q.until <= ${day}::date
      and q.until > ${day}::date - ${QUARANTINE_LOOKBACK_DAYS}::int
    order by q.case_id`,
  );
}

export interface DueMilestone {
  id: number;
  name: string;
  project_id: number;
  created_by: number;
  due_date: string;
  /** Items of its cycles and its sub-milestones' cycles not yet tested (untested or to retest). */
  untested: number;
}

/** The open milestones due after `day` and at most `days` days later, with items not yet tested. */
export function milestonesDueWithin(db: Tx, day: string, days: number): Promise<DueMilestone[]> {
  return queryRows<DueMilestone>(
    db,
    sql`select m.id, m.name, m.project_id, m.created_by, to_char(m.due_date, 'YYYY-MM-DD') as due_date,
      w.untested
    from milestones m
    cross join lateral (
      select coalesce(sum(n.untested + n.retest), 0)::int as untested
      from test_cycles y join cycle_counts n on n.cycle_id = y.id
      where y.milestone_id in (select m.id union all select s.id from milestones s where s.parent_id = m.id)
    ) w
    where m.state = 'open' and m.created_by is not null
      and m.due_date > ${day}::date and m.due_date <= ${day}::date + ${days}::int
      and w.untested > 0
    order by m.id`,
  );
}
