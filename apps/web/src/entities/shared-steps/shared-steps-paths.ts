import type { RouteWithIds } from '@/lib/paths';

/**
 * The shared steps screens' routes (docs/product/shared-steps-screens.md), spelled once for
 * app/router.tsx and every link, as lib/paths.ts spells the others (decision record 218).
 */
function route<Pattern extends string>(pattern: Pattern): RouteWithIds<Pattern> {
  const link = (...ids: Array<number | string>) => {
    let next = 0;
    return pattern.replace(/:\w+/g, () => encodeURIComponent(String(ids[next++])));
  };
  return Object.assign(link, { pattern }) as RouteWithIds<Pattern>;
}

export const sharedStepsPaths = {
  /** A project's shared step sets, ?q=&page=. */
  list: route('/projects/:id/shared-steps'),
  /** One set: its steps, edit, the cases using it, delete. */
  detail: route('/shared-steps/:id'),
} as const;
