import type { Requirement } from '@verdict/contract';
import { Link } from 'react-router';
import { STATUS_LABELS } from '@/entities/requirement/requirement-api';
import { paths } from '@/lib/paths';
import { countsText } from '../requirement-text';
import { CoverageBadge, CoverageBar } from './coverage';

/**
 * One requirement in a list: its key (a link to its page), title, status, coverage in a word, a
 * bar, and its cases by latest result in words. `toggle` is the tree's expand button, if any.
 */
export function RequirementLine({
  requirement,
  toggle,
}: {
  requirement: Requirement;
  toggle?: React.ReactNode;
}) {
  return (
    <div className="requirement-line">
      {toggle}
      <span className="requirement-line-title">
        <Link to={paths.requirementDetail(requirement.id)} className="requirement-key">
          {requirement.key}
        </Link>{' '}
        {requirement.title}
      </span>
      <span className="badge badge-info">{STATUS_LABELS[requirement.status]}</span>
      <CoverageBadge coverage={requirement.coverage} />
      <CoverageBar counts={requirement.counts} />
      <span className="requirement-counts" aria-hidden="true">
        {countsText(requirement.counts)}
      </span>
    </div>
  );
}
