import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from '@/app/providers/app-providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/**
 * The route table drawn by the declarative router: its screens load lazily, so the router needs
 * none of the data router's loaders and actions, and the first load is that much lighter
 * (docs/decisions/190-a-light-first-load.md).
 */
function AppRoutes() {
  return useRoutes(routes);
}

/** The whole app: router, query cache, the signed-in user, toasts and confirmations. */
export function mountApp(container: HTMLElement): void {
  const queryClient = createQueryClient();
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
