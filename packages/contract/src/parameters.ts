import { type Static, Type } from 'typebox';

/**
 * A parameterized case (docs/product/parameters.md): named columns and rows of values. A cycle
 * made from the case gets one item per row, and `{{name}}` in the case's preconditions, steps and
 * expected results reads as that row's value where the case is shown for a row.
 */
export const PARAMETER_LIMITS = {
  columnsMax: 10,
  rowsMax: 100,
  /** A column's name: letters, digits, `_`, `-`, `.` and inner spaces, no braces. */
  nameMax: 40,
  valueMax: 500,
} as const;

/** The characters a column's name may hold; spaces around it are trimmed. */
export const PARAMETER_NAME_PATTERN = '^\\s*[A-Za-z0-9_.-]([A-Za-z0-9_. -]*[A-Za-z0-9_.-])?\\s*$';

export const CaseParameters = Type.Object(
  {
    columns: Type.Array(
      Type.String({ minLength: 1, maxLength: PARAMETER_LIMITS.nameMax, pattern: PARAMETER_NAME_PATTERN }),
      { minItems: 1, maxItems: PARAMETER_LIMITS.columnsMax },
    ),
    /** Each row holds one value per column, in column order. */
    rows: Type.Array(
      Type.Array(Type.String({ maxLength: PARAMETER_LIMITS.valueMax }), {
        minItems: 1,
        maxItems: PARAMETER_LIMITS.columnsMax,
      }),
      { minItems: 1, maxItems: PARAMETER_LIMITS.rowsMax },
    ),
  },
  { additionalProperties: false },
);
export type CaseParameters = Static<typeof CaseParameters>;

/** The row a cycle item runs: its number (from 1) and its values by column, in column order. */
export const ParameterRow = Type.Object({
  index: Type.Integer({ minimum: 1 }),
  values: Type.Record(Type.String(), Type.String()),
});
export type ParameterRow = Static<typeof ParameterRow>;

/** An item's row as the item answers it: null for an item of a case without parameters. */
export const ItemParameterRow = Type.Union([ParameterRow, Type.Null()]);

/** The row `index` (from 1) of these parameters with its values by column. */
export function parameterRow(parameters: CaseParameters, index: number): ParameterRow | null {
  const row = parameters.rows[index - 1];
  if (!row) return null;
  return { index, values: Object.fromEntries(parameters.columns.map((c, i) => [c, row[i] ?? ''])) };
}

/**
 * An item's row as answers show it, from what the item keeps (cycle_items.parameter_row and
 * parameter_values `{columns, values}`): null for row 0, an item of a case without parameters.
 */
export function takenParameterRow(
  index: number,
  taken: { columns: string[]; values: string[] } | null,
): ParameterRow | null {
  if (index === 0 || !taken) return null;
  return { index, values: Object.fromEntries(taken.columns.map((c, i) => [c, taken.values[i] ?? ''])) };
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/**
 * The text with every `{{name}}` of a column replaced by the row's value. A placeholder that names
 * no column stays as written, so a typo shows rather than vanishing.
 */
export function substituteParameters(
  text: string,
  values: Record<string, string> | null | undefined,
): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

/** The names `{{…}}` of a text, each once, in the order they first stand. */
export function placeholdersIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
