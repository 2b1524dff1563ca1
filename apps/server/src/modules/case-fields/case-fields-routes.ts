import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaseFieldList,
  CaseFieldMutation,
  CreateCaseFieldBody,
  IdParams,
  MessageResponse,
  UpdateCaseFieldBody,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import { changeField, createField, projectFields, removeField } from './case-fields-service.ts';

const tags = ['custom case fields'];

/** docs/product/rich-cases.md, "Custom fields". */
export const caseFieldsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/case-fields',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "A project's custom case fields, in form order",
        params: IdParams,
        response: { 200: CaseFieldList },
      },
    },
    async (request) => ({ fields: await projectFields(app.db, principalOf(request), request.params.id) }),
  );

  app.post(
    '/api/projects/:id/case-fields',
    {
      config: { access: { project: 'manage_case_fields' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Define a custom case field in a project',
        params: IdParams,
        body: CreateCaseFieldBody,
        response: { 201: CaseFieldMutation },
      },
    },
    async (request, reply) => {
      const field = await createField(app.db, principalOf(request), request.params.id, request.body);
      return reply.status(201).send({ message: 'Custom field created successfully', field });
    },
  );

  app.put(
    '/api/case-fields/:id',
    {
      config: { access: { project: 'manage_case_fields' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary:
          'Rename a custom field, or change whether it is required, its options, default or order (not its type)',
        params: IdParams,
        body: UpdateCaseFieldBody,
        response: { 200: CaseFieldMutation },
      },
    },
    async (request) => ({
      message: 'Custom field updated successfully',
      field: await changeField(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/case-fields/:id',
    {
      config: { access: { project: 'manage_case_fields' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Delete a custom field and its values on the project's cases",
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await removeField(app.db, principalOf(request), request.params.id);
      return { message: 'Custom field deleted successfully' };
    },
  );
};
