import { type CaseParameters, PARAMETER_LIMITS, PARAMETER_NAME_PATTERN } from '@verdict/contract';
import { AppError } from '../../lib/errors.ts';
import { checkedParameters } from '../cases/case-content.ts';
import { parseParametersTable } from './case-file-cells.ts';

const NAME = new RegExp(PARAMETER_NAME_PATTERN);

/**
 * A `parameters` cell as the case will hold it (docs/product/parameters.md): null when empty, else
 * the table, or the message of its first problem. The bounds are the case form's schema's; the
 * names once each and a value per column are the cases' own rule (checkedParameters).
 */
export function parametersOf(text: string): CaseParameters | null | string {
  const table = parseParametersTable(text);
  if (table === null) return null;
  const { columns, rows } = table;
  if (columns.length > PARAMETER_LIMITS.columnsMax) {
    return `A case has at most ${PARAMETER_LIMITS.columnsMax} parameters`;
  }
  const badName = columns.find((c) => c.length > PARAMETER_LIMITS.nameMax || !NAME.test(c));
  if (badName !== undefined) {
    return badName === ''
      ? 'A parameter needs a name: the first line names them, separated by |'
      : `"${badName.slice(0, PARAMETER_LIMITS.nameMax)}" is not a parameter name: at most ${PARAMETER_LIMITS.nameMax} letters, digits, spaces, _ - or .`;
  }
  if (rows.length === 0) return 'The parameters need a line of values below their names';
  if (rows.length > PARAMETER_LIMITS.rowsMax) {
    return `A case has at most ${PARAMETER_LIMITS.rowsMax} rows of parameter values`;
  }
  if (rows.some((row) => row.some((value) => value.length > PARAMETER_LIMITS.valueMax))) {
    return `A parameter value holds at most ${PARAMETER_LIMITS.valueMax} characters`;
  }
  try {
    return checkedParameters({ columns, rows });
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}
