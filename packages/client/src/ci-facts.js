// The CI facts of the job a test run happens in, for verdict-import and the live reporters alike.

/**
 * The branch, commit, build link and build number of the CI job this runs in, from the
 * variables GitHub Actions, GitLab CI, Jenkins and CircleCI set; none outside CI.
 */
export function ciFacts(env) {
  if (env.GITHUB_ACTIONS === 'true') {
    const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
    return {
      branch: env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME,
      commit: env.GITHUB_SHA,
      build_url:
        env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
          ? `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
          : undefined,
      build_number: env.GITHUB_RUN_NUMBER,
    };
  }
  if (env.GITLAB_CI === 'true') {
    return {
      branch: env.CI_COMMIT_REF_NAME,
      commit: env.CI_COMMIT_SHA,
      build_url: env.CI_PIPELINE_URL ?? env.CI_JOB_URL,
      build_number: env.CI_PIPELINE_IID ?? env.CI_PIPELINE_ID,
    };
  }
  if (env.CIRCLECI === 'true') {
    return {
      branch: env.CIRCLE_BRANCH,
      commit: env.CIRCLE_SHA1,
      build_url: env.CIRCLE_BUILD_URL,
      build_number: env.CIRCLE_BUILD_NUM,
    };
  }
  if (env.JENKINS_URL || env.JENKINS_HOME) {
    return {
      branch: env.BRANCH_NAME ?? env.GIT_BRANCH,
      commit: env.GIT_COMMIT,
      build_url: env.BUILD_URL,
      build_number: env.BUILD_NUMBER,
    };
  }
  return {};
}
