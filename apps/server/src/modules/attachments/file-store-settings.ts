/**
 * Where the bytes of files go (README, "Settings"; docs/product/attachments.md, "Where files are
 * stored"): FILE_STORE=database (the default) keeps them in attachment_chunks, FILE_STORE=s3 in a
 * bucket of an S3-compatible object store (decision 251). Read once at start with the other settings.
 */
export type FileStoreSettings =
  | { kind: 'database' }
  | {
      kind: 's3';
      /** http(s)://host[:port] of an S3-compatible server; unset: AWS's own endpoint for the region. */
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Addresses the bucket as a path (host/bucket/key), as MinIO and most other servers want. */
      forcePathStyle: boolean;
    };

type Text = (name: string) => string | undefined;

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The file store settings. The secret key is never echoed in a problem. */
export function readFileStoreSettings(text: Text, problems: string[]): FileStoreSettings {
  const kind = text('FILE_STORE') ?? 'database';
  if (kind !== 'database' && kind !== 's3') {
    problems.push(`FILE_STORE must be database or s3 (got "${kind}")`);
    return { kind: 'database' };
  }
  if (kind === 'database') return { kind };
  const endpoint = text('S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      // Reported below.
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
      problems.push(`S3_ENDPOINT must read http(s)://host[:port] (got "${endpoint}")`);
  }
  const bucket = text('S3_BUCKET');
  if (bucket === undefined) problems.push('S3_BUCKET must be set when FILE_STORE is s3');
  else if (!BUCKET.test(bucket)) problems.push(`S3_BUCKET must be a bucket name (got "${bucket}")`);
  const accessKeyId = text('S3_ACCESS_KEY_ID');
  const secretAccessKey = text('S3_SECRET_ACCESS_KEY');
  if (accessKeyId === undefined || secretAccessKey === undefined)
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set when FILE_STORE is s3');
  const pathStyle = text('S3_FORCE_PATH_STYLE') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false')
    problems.push(`S3_FORCE_PATH_STYLE must be true or false (got "${pathStyle}")`);
  return {
    kind,
    endpoint,
    bucket: bucket ?? '',
    region: text('S3_REGION') ?? 'us-east-1',
    accessKeyId: accessKeyId ?? '',
    secretAccessKey: secretAccessKey ?? '',
    forcePathStyle: pathStyle === 'true',
  };
}
