export interface CiFacts {
  branch?: string | undefined;
  commit?: string | undefined;
  build_url?: string | undefined;
  build_number?: string | undefined;
}

/** The CI facts of the job this runs in (GitHub Actions, GitLab CI, CircleCI, Jenkins); {} outside CI. */
export declare function ciFacts(env: Record<string, string | undefined>): CiFacts;
