import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaseRequirements,
  CreateRequirementBody,
  IdParams,
  MessageResponse,
  RequirementCases,
  RequirementDetail,
  RequirementListQuery,
  RequirementMutation,
  RequirementPage,
  RequirementVersionPage,
  RequirementVersionsQuery,
  SetCaseRequirementsBody,
  SetRequirementCasesBody,
  TraceabilityPage,
  TraceabilityQuery,
  UpdateRequirementBody,
} from '@verdict/contract';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../plugins/auth.ts';
import { setCaseRequirements, setRequirementCases } from './requirement-links-service.ts';
import {
  createRequirement,
  deleteRequirement,
  getRequirement,
  listRequirements,
  listVersions,
  updateRequirement,
} from './requirements-service.ts';
import { getTraceability, traceabilityCsv } from './traceability-service.ts';

const tags = ['requirements'];

/** docs/product/requirements.md: requirements, their links to cases, and the traceability matrix. */
export const requirementsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/projects/:id/requirements',
    {
      config: { access: { project: 'home_requirement' }, errors: [404] },
      schema: {
        tags,
        summary: "A page of a project's requirements by key, each with its coverage and counts",
        params: IdParams,
        querystring: RequirementListQuery,
        response: { 200: RequirementPage },
      },
    },
    (request) => listRequirements(app.db, principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/projects/:id/requirements',
    {
      config: { access: { project: 'add_requirement' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Create a requirement; without a key it gets the next free REQ-<n>',
        params: IdParams,
        body: CreateRequirementBody,
        response: { 201: RequirementMutation },
      },
    },
    async (request, reply) => {
      const requirement = await createRequirement(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ message: 'Requirement created', requirement });
    },
  );

  app.get(
    '/api/requirements/:id',
    {
      config: { access: { project: 'home_requirement' }, errors: [404] },
      schema: {
        tags,
        summary: 'A requirement with its coverage and its linked cases with their latest results',
        params: IdParams,
        response: { 200: RequirementDetail },
      },
    },
    (request) => getRequirement(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/requirements/:id',
    {
      config: { access: { project: 'edit_requirement' }, authCache: 'keeps', errors: [404, 409] },
      schema: {
        tags,
        summary: 'Edit a requirement; omitted fields are kept, null clears one; a change is a new version',
        params: IdParams,
        body: UpdateRequirementBody,
        response: { 200: RequirementMutation },
      },
    },
    async (request) => ({
      message: 'Requirement saved',
      requirement: await updateRequirement(app.db, principalOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/requirements/:id',
    {
      config: { access: { project: 'delete_requirement' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Delete a requirement with the requirements below it and their links',
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await deleteRequirement(app.db, principalOf(request), request.params.id);
      return { message: 'Requirement deleted' };
    },
  );

  app.get(
    '/api/requirements/:id/versions',
    {
      config: { access: { project: 'home_requirement' }, errors: [404] },
      schema: {
        tags,
        summary: "A requirement's versions, newest first",
        params: IdParams,
        querystring: RequirementVersionsQuery,
        response: { 200: RequirementVersionPage },
      },
    },
    (request) => listVersions(app.db, principalOf(request), request.params.id, request.query),
  );

  app.put(
    '/api/test-cases/:id/requirements',
    {
      config: { access: { project: 'edit_requirement' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Set a case's requirements: its links become exactly these (of its project)",
        params: IdParams,
        body: SetCaseRequirementsBody,
        response: { 200: CaseRequirements },
      },
    },
    (request) => setCaseRequirements(app.db, principalOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/requirements/:id/cases',
    {
      config: { access: { project: 'edit_requirement' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Set a requirement's cases: its links become exactly these (of its project)",
        params: IdParams,
        body: SetRequirementCasesBody,
        response: { 200: RequirementCases },
      },
    },
    (request) => setRequirementCases(app.db, principalOf(request), request.params.id, request.body, true),
  );

  app.post(
    '/api/requirements/:id/cases',
    {
      config: { access: { project: 'edit_requirement' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Link cases to a requirement; cases already linked are left',
        params: IdParams,
        body: SetRequirementCasesBody,
        response: { 200: RequirementCases },
      },
    },
    (request) => setRequirementCases(app.db, principalOf(request), request.params.id, request.body, false),
  );

  app.get(
    '/api/projects/:id/traceability',
    {
      config: { access: { project: 'home_requirement' }, errors: [404] },
      schema: {
        tags,
        summary:
          'A page of the traceability matrix: requirements in tree order with their cases, latest results in scope and coverage',
        params: IdParams,
        querystring: TraceabilityQuery,
        response: { 200: TraceabilityPage },
      },
    },
    (request) => getTraceability(app.db, principalOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/projects/:id/traceability.csv',
    {
      config: { access: { project: 'home_requirement' }, errors: [404] },
      schema: {
        tags,
        summary: 'The whole traceability matrix as CSV',
        description:
          'Columns: key, title, status, depth, coverage, cases, passed, failing, untested, case_ids (space-separated), ' +
          'case_names ("; "-separated). Rows in tree order; `limit` and `offset` are ignored.',
        produces: ['text/csv'],
        params: IdParams,
        querystring: TraceabilityQuery,
        response: {
          200: Type.String({
            description: 'CSV (RFC 4180): UTF-8, comma-separated, CRLF line ends, a header row',
          }),
        },
      },
    },
    async (request, reply) => {
      const download = await traceabilityCsv(app.db, principalOf(request), request.params.id, request.query);
      // Streamed (Fastify pipes the stream, with backpressure), never cached, as the exports are.
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${download.filename}"`)
        .header('Cache-Control', 'no-store')
        .send(download.stream);
    },
  );
};
