import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers/app-providers';
import { createAppRouter } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/** The whole app: router, query cache, the signed-in user, toasts and confirmations. */
export function mountApp(container: HTMLElement): void {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
