import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaseHistory,
  CaseHistoryQuery,
  FlakySettings,
  FlakySettingsMutation,
  FlakyTestList,
  IdParams,
  MessageResponse,
  QuarantineBody,
  QuarantineMutation,
} from '@verdict/contract';
import { principalOf } from '../../plugins/auth.ts';
import {
  changeFlakySettings,
  endQuarantine,
  historyOfCase,
  projectFlakySettings,
  projectFlakyTests,
  quarantineCase,
} from './flaky-tests-service.ts';

const tags = ['flaky tests'];

/** docs/product/flaky-tests.md. */
export const flakyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/test-cases/:id/history',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary:
          "A case's last results (30 unless `limit` says otherwise), its flakiness per branch and quarantine",
        params: IdParams,
        querystring: CaseHistoryQuery,
        response: { 200: CaseHistory },
      },
    },
    (request) => historyOfCase(app.db, principalOf(request), request.params.id, request.query.limit),
  );

  app.get(
    '/api/projects/:id/flaky-tests',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "A project's flaky tests (per case and branch), highest flip rate first",
        params: IdParams,
        response: { 200: FlakyTestList },
      },
    },
    (request) => projectFlakyTests(app.db, principalOf(request), request.params.id),
  );

  app.get(
    '/api/projects/:id/flaky-settings',
    {
      config: { access: { project: 'home_test_case' }, errors: [404] },
      schema: {
        tags,
        summary: "A project's flakiness window (N results) and threshold (K flips)",
        params: IdParams,
        response: { 200: FlakySettings },
      },
    },
    (request) => projectFlakySettings(app.db, principalOf(request), request.params.id),
  );

  app.put(
    '/api/projects/:id/flaky-settings',
    {
      config: { access: { project: 'edit_project' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "Change a project's flakiness window and threshold; every case's figures follow",
        params: IdParams,
        body: FlakySettings,
        response: { 200: FlakySettingsMutation },
      },
    },
    async (request) => {
      const settings = await changeFlakySettings(
        app.db,
        principalOf(request),
        request.params.id,
        request.body,
      );
      return { message: 'Flaky test settings saved', settings };
    },
  );

  app.put(
    '/api/test-cases/:id/quarantine',
    {
      config: { access: { project: 'quarantine_test_case' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: 'Quarantine a case, with a reason and an optional end date (YYYY-MM-DD)',
        params: IdParams,
        body: QuarantineBody,
        response: { 200: QuarantineMutation },
      },
    },
    async (request) => {
      const quarantine = await quarantineCase(app.db, principalOf(request), request.params.id, request.body);
      return { message: 'Test case quarantined', quarantine };
    },
  );

  app.delete(
    '/api/test-cases/:id/quarantine',
    {
      config: { access: { project: 'quarantine_test_case' }, authCache: 'keeps', errors: [404] },
      schema: {
        tags,
        summary: "End a case's quarantine",
        params: IdParams,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      await endQuarantine(app.db, principalOf(request), request.params.id);
      return { message: 'Quarantine ended' };
    },
  );
};
