import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's first test also loads its lazy route chunk; on a busy two-core machine (CI runs the
// web, server and browser tests there) that alone can pass the default 1 s of findBy and waitFor.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
