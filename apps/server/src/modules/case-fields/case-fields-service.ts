import {
  CASE_FIELD_LIMITS,
  type CaseField,
  type CreateCaseFieldBody,
  type UpdateCaseFieldBody,
} from '@verdict/contract';
import type { Db, Tx } from '../../db/client.ts';
import { LOCK, lockProject } from '../../db/row-locks.ts';
import { dbViolationOf } from '../../lib/db-violation.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { type Principal, requireProject, requireProjectOf } from '../authz/authorization.ts';
import { isEmptyValue, valueProblem } from './case-field-values.ts';
import {
  countFields,
  deleteField,
  type FieldValues,
  findField,
  insertField,
  listFields,
  updateField,
} from './case-fields-repository.ts';

export const FIELD_NOT_FOUND = 'Custom field not found';

/** A project's custom fields in their order, read in the caller's transaction (no access check). */
export function fieldsOfProject(db: Tx, projectId: number): Promise<CaseField[]> {
  return listFields(db, projectId);
}

/** Everyone who sees a project's cases sees its fields: the case forms and pages need them. */
export async function projectFields(db: Db, principal: Principal, projectId: number): Promise<CaseField[]> {
  await requireProject(db, principal, projectId, 'home_test_case');
  return listFields(db, projectId);
}

/** Options only for the choice types; a default must be a value of the type (or nothing). */
function checkedDefinition(values: FieldValues): FieldValues {
  const choice = values.type === 'select' || values.type === 'multiselect';
  const options = choice ? [...new Set(values.options.map((o) => o.trim()).filter((o) => o !== ''))] : [];
  if (choice && options.length === 0) {
    throw new BadRequestError('A select or multiselect field needs at least one option', [
      { field: 'options', message: 'Give at least one option' },
    ]);
  }
  const name = values.name.trim();
  if (name === '')
    throw new BadRequestError('The field needs a name', [{ field: 'name', message: 'Required' }]);
  const field = { ...values, name, options };
  if (isEmptyValue(field.default)) return { ...field, default: null };
  const problem = valueProblem({ id: 0, ...field, type: field.type as CaseField['type'] }, field.default);
  if (problem) throw new BadRequestError(`Default: ${problem}`, [{ field: 'default', message: problem }]);
  return field;
}

function nameTaken(error: unknown): never {
  if (dbViolationOf(error)?.constraint === 'case_fields_project_name_idx') {
    throw new ConflictError('This project already has a custom field with that name', 'name_taken');
  }
  throw error;
}

export async function createField(
  db: Db,
  principal: Principal,
  projectId: number,
  body: CreateCaseFieldBody,
): Promise<CaseField> {
  return db
    .transaction(async (tx) => {
      await lockProject(tx, projectId, LOCK.noKeyUpdate);
      await requireProject(tx, principal, projectId, 'manage_case_fields');
      const count = await countFields(tx, projectId);
      if (count >= CASE_FIELD_LIMITS.fieldsMax) {
        throw new BadRequestError(`A project has at most ${CASE_FIELD_LIMITS.fieldsMax} custom fields`);
      }
      return insertField(
        tx,
        projectId,
        checkedDefinition({
          name: body.name,
          type: body.type,
          required: body.required ?? false,
          options: body.options ?? [],
          default: body.default ?? null,
          position: body.position ?? count,
        }),
      );
    })
    .catch(nameTaken);
}

export async function changeField(
  db: Db,
  principal: Principal,
  id: number,
  body: UpdateCaseFieldBody,
): Promise<CaseField> {
  return db
    .transaction(async (tx) => {
      const field = await findField(tx, id, true);
      await requireProjectOf(tx, principal, field?.project_id, FIELD_NOT_FOUND, 'manage_case_fields');
      const next = checkedDefinition({
        name: body.name ?? field!.name,
        type: field!.type,
        required: body.required ?? field!.required,
        options: body.options ?? field!.options,
        default: body.default === undefined ? field!.default : body.default,
        position: body.position ?? field!.position,
      });
      return updateField(tx, id, next);
    })
    .catch(nameTaken);
}

export async function removeField(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const field = await findField(tx, id, true);
    await requireProjectOf(tx, principal, field?.project_id, FIELD_NOT_FOUND, 'manage_case_fields');
    if (!field) throw new NotFoundError(FIELD_NOT_FOUND);
    await deleteField(tx, field);
  });
}
