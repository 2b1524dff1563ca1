import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers/app-providers';
import { routes as appRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders the whole app (providers + the real route table) at `path`, in memory. Combine with
 * `mockApi` and `saveSession` to start signed in.
 */
export function renderApp(path: string) {
  return renderRoutes(appRoutes, path);
}

/**
 * Renders `ui` at `path` inside the app's providers and a memory router. Pass `routePath`
 * (e.g. '/projects/:id') when the component reads route params.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', routePath = '*' }: { path?: string; routePath?: string } = {},
) {
  return renderRoutes([{ path: routePath, element: ui }], path);
}

function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  // Retrying a failed call only slows a test down.
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
