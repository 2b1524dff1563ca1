import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ProjectDetail } from '@verdict/contract';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { mockApi } from '@/test/mock-api';
import { useProjectPermissions } from './project-permissions';

const project: ProjectDetail = {
  id: 5,
  name: 'Web',
  description: '',
  created_by: 1,
  members: [],
  my_role_id: 3,
  my_permissions: ['edit_project', 'home_test_suit'],
};

function render(projectId: number | null) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useProjectPermissions(projectId), { wrapper });
}

describe('useProjectPermissions', () => {
  it("grants what the project detail's my_permissions names, and nothing else", async () => {
    const api = mockApi({ 'GET /api/projects/detail/5': { body: project } });
    const { result } = render(5);
    expect(result.current.can('edit_project')).toBe(false);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.can('edit_project')).toBe(true);
    expect(result.current.can('home_test_suit')).toBe(true);
    expect(result.current.can('delete_project')).toBe(false);
    // No role is fetched: the server has already combined global and project permissions.
    expect(api.calls.map((call) => call.path)).toEqual(['/api/projects/detail/5']);
  });

  it('grants nothing for a malformed project id, without calling the server', () => {
    const api = mockApi({});
    const { result } = render(null);
    expect(result.current.can('edit_project')).toBe(false);
    expect(api.calls).toHaveLength(0);
  });
});
