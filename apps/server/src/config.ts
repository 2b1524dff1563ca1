import path from 'node:path';
import {
  ATTACHMENT_MAX_BYTES_DEFAULT,
  ATTACHMENT_QUOTA_BYTES_DEFAULT,
  ATTACHMENT_QUOTA_BYTES_MAX,
  IMPORT_MAX_BYTES_DEFAULT,
  LIVE_RUN_TIMEOUT_MINUTES_DEFAULT,
} from '@verdict/contract';
import { type FileStoreSettings, readFileStoreSettings } from './modules/attachments/file-store-settings.ts';
import { isCommonPassword } from './modules/auth/password-policy.ts';
import { readSignInSettings, readUrl, type SignInSettings } from './modules/auth/sign-in-settings.ts';
import { type MailSettings, readMailSettings } from './modules/mail/mail-settings.ts';

/** Settings read once at start (README lists each). A bad value stops start-up with its name. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminName: string;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  logLevel: string;
  webDist: string;
  trustProxy: boolean;
  /** The largest JUnit report the import accepts, in bytes (after gzip decompression). */
  importMaxBytes: number;
  /** Minutes without a result after which an open live run has stopped (LIVE_RUN_TIMEOUT). */
  liveRunTimeoutMinutes: number;
  /** The largest file an attachment upload accepts, in bytes. */
  attachmentMaxBytes: number;
  /** The most bytes of files one project may keep (ATTACHMENT_QUOTA_BYTES). */
  attachmentQuotaBytes: number;
  /** Where the bytes of files go: the database, or an S3-compatible bucket (FILE_STORE, S3_*). */
  fileStore: FileStoreSettings;
  /** Whether webhooks may point at loopback, private and link-local addresses (WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
  /** The first webhook retry's delay in ms; each next one doubles, up to an hour. */
  webhookRetryBaseMs: number;
  /** Single sign-on, the password form, the second factor (modules/auth/sign-in-settings.ts). */
  signIn: SignInSettings;
  /** Verdict's public address (PUBLIC_URL): single sign-on's redirect and the links in e-mails. */
  publicUrl: URL | undefined;
  /** The SMTP server and sender (SMTP_URL, MAIL_FROM); undefined: e-mail is off. */
  mail: MailSettings | undefined;
  /** The first e-mail retry's delay in ms; each next one doubles, up to an hour (MAIL_RETRY_BASE_MS). */
  mailRetryBaseMs: number;
  /** The hour of the day (UTC, 0-23) the daily notification digest is sent (NOTIFICATION_DIGEST_HOUR). */
  notificationDigestHour: number;
  /** The bearer token /api/metrics asks for (METRICS_TOKEN); unset, it answers loopback callers only. */
  metricsToken: string | undefined;
  /** Live-update streams (GET /api/events) one user may hold open on one instance (LIVE_STREAMS_PER_USER). */
  liveStreamsPerUser: number;
  /** Live-update streams one instance serves at once, all users together (LIVE_STREAMS_MAX). */
  liveStreamsMax: number;
  /** The most bytes the kept answers of large case lists may hold (CASE_LIST_CACHE_BYTES); 0 keeps none. */
  caseListCacheBytes: number;
  /** Request units a minute per personal API token (API_TOKEN_RATE_LIMIT); 0: no limit. */
  apiTokenRateLimit: number;
  /** Request units a minute per user over all of their API tokens (API_USER_RATE_LIMIT); 0: no limit. */
  apiUserRateLimit: number;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const portText = text('PORT') ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}")`);
  }

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const adminEmail = text('ADMIN_EMAIL') ?? 'admin@example.com';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    problems.push(`ADMIN_EMAIL must be an email address (got "${adminEmail}")`);
  }

  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 128)) {
    problems.push('ADMIN_PASSWORD must be 8 to 128 characters long');
  } else if (adminPassword !== undefined && isCommonPassword(adminPassword)) {
    problems.push('ADMIN_PASSWORD is one of the 10,000 most common passwords; choose another');
  }

  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }

  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }

  const importMaxText = text('IMPORT_MAX_BYTES') ?? String(IMPORT_MAX_BYTES_DEFAULT);
  const importMaxBytes = Number(importMaxText);
  // Capped at 256 MiB: the report is read as it arrives, but what it folds into is held until
  // it is written.
  if (!Number.isInteger(importMaxBytes) || importMaxBytes < 1024 || importMaxBytes > 256 * 1024 ** 2) {
    problems.push(
      `IMPORT_MAX_BYTES must be a whole number of bytes from 1024 to 268435456 (got "${importMaxText}")`,
    );
  }

  const liveRunTimeoutText = text('LIVE_RUN_TIMEOUT') ?? String(LIVE_RUN_TIMEOUT_MINUTES_DEFAULT);
  const liveRunTimeoutMinutes = Number(liveRunTimeoutText);
  if (
    !Number.isInteger(liveRunTimeoutMinutes) ||
    liveRunTimeoutMinutes < 1 ||
    liveRunTimeoutMinutes > 10_080
  ) {
    problems.push(
      `LIVE_RUN_TIMEOUT must be a whole number of minutes from 1 to 10080 (got "${liveRunTimeoutText}")`,
    );
  }

  const attachmentMaxText = text('ATTACHMENT_MAX_BYTES') ?? String(ATTACHMENT_MAX_BYTES_DEFAULT);
  const attachmentMaxBytes = Number(attachmentMaxText);
  // Capped at 1 GiB: a file streams through in chunks, but each is a row, and a backup holds them all.
  if (!Number.isInteger(attachmentMaxBytes) || attachmentMaxBytes < 1 || attachmentMaxBytes > 1024 ** 3) {
    problems.push(
      `ATTACHMENT_MAX_BYTES must be a whole number of bytes from 1 to 1073741824 (got "${attachmentMaxText}")`,
    );
  }

  const quotaText = text('ATTACHMENT_QUOTA_BYTES') ?? String(ATTACHMENT_QUOTA_BYTES_DEFAULT);
  const attachmentQuotaBytes = Number(quotaText);
  if (
    !Number.isInteger(attachmentQuotaBytes) ||
    attachmentQuotaBytes < 1 ||
    attachmentQuotaBytes > ATTACHMENT_QUOTA_BYTES_MAX
  ) {
    problems.push(
      `ATTACHMENT_QUOTA_BYTES must be a whole number of bytes from 1 to ${ATTACHMENT_QUOTA_BYTES_MAX} (got "${quotaText}")`,
    );
  }

  const fileStore = readFileStoreSettings(text, problems);

  const allowPrivateText = text('WEBHOOK_ALLOW_PRIVATE') ?? 'false';
  if (allowPrivateText !== 'true' && allowPrivateText !== 'false') {
    problems.push(`WEBHOOK_ALLOW_PRIVATE must be true or false (got "${allowPrivateText}")`);
  }

  const retryBaseText = text('WEBHOOK_RETRY_BASE_MS') ?? '30000';
  const webhookRetryBaseMs = Number(retryBaseText);
  if (!Number.isInteger(webhookRetryBaseMs) || webhookRetryBaseMs < 10 || webhookRetryBaseMs > 3_600_000) {
    problems.push(
      `WEBHOOK_RETRY_BASE_MS must be a whole number of milliseconds from 10 to 3600000 (got "${retryBaseText}")`,
    );
  }

  const publicUrl = readUrl(text, 'PUBLIC_URL', problems);
  const signIn = readSignInSettings(text, publicUrl, problems);
  const mail = readMailSettings(text, publicUrl, problems);

  const mailRetryText = text('MAIL_RETRY_BASE_MS') ?? '30000';
  const mailRetryBaseMs = Number(mailRetryText);
  if (!Number.isInteger(mailRetryBaseMs) || mailRetryBaseMs < 10 || mailRetryBaseMs > 3_600_000) {
    problems.push(
      `MAIL_RETRY_BASE_MS must be a whole number of milliseconds from 10 to 3600000 (got "${mailRetryText}")`,
    );
  }

  const digestHourText = text('NOTIFICATION_DIGEST_HOUR') ?? '7';
  const notificationDigestHour = Number(digestHourText);
  if (!/^\d{1,2}$/.test(digestHourText) || notificationDigestHour > 23) {
    problems.push(`NOTIFICATION_DIGEST_HOUR must be a whole hour from 0 to 23 (got "${digestHourText}")`);
  }

  const metricsToken = text('METRICS_TOKEN');
  if (metricsToken !== undefined && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
    problems.push('METRICS_TOKEN must be at least 16 characters long, with no spaces');
  }

  // Each open stream holds a socket and is told of every change: a cap keeps one user, or a
  // crowd, from making every write cost more (docs/product/cycles.md, "Live").
  const streamsPerUserText = text('LIVE_STREAMS_PER_USER') ?? '10';
  const liveStreamsPerUser = Number(streamsPerUserText);
  if (!Number.isInteger(liveStreamsPerUser) || liveStreamsPerUser < 1 || liveStreamsPerUser > 1000) {
    problems.push(
      `LIVE_STREAMS_PER_USER must be a whole number from 1 to 1000 (got "${streamsPerUserText}")`,
    );
  }
  const streamsMaxText = text('LIVE_STREAMS_MAX') ?? '1000';
  const liveStreamsMax = Number(streamsMaxText);
  if (!Number.isInteger(liveStreamsMax) || liveStreamsMax < 1 || liveStreamsMax > 100_000) {
    problems.push(`LIVE_STREAMS_MAX must be a whole number from 1 to 100000 (got "${streamsMaxText}")`);
  }

  // The kept case lists are the server's largest cache (cases/case-list-cache.ts): a 10,000-case
  // list holds about 1.7 MB. Bounded, so memory at rest does not grow with the number of lists read.
  const listCacheText = text('CASE_LIST_CACHE_BYTES') ?? String(32 * 1024 ** 2);
  const caseListCacheBytes = Number(listCacheText);
  if (!Number.isInteger(caseListCacheBytes) || caseListCacheBytes < 0 || caseListCacheBytes > 1024 ** 3) {
    problems.push(
      `CASE_LIST_CACHE_BYTES must be a whole number of bytes from 0 to 1073741824 (got "${listCacheText}")`,
    );
  }

  // Personal API tokens are scripts and agents: a runaway loop is held to its share, the web app's
  // sessions never (modules/api-tokens/token-limits.ts).
  const rateLimit = (name: string, fallback: number) => {
    const given = text(name) ?? String(fallback);
    const value = Number(given);
    if (!Number.isInteger(value) || value < 0 || value > 1_000_000) {
      problems.push(
        `${name} must be a whole number of requests a minute from 0 (no limit) to 1000000 (got "${given}")`,
      );
    }
    return value;
  };
  const apiTokenRateLimit = rateLimit('API_TOKEN_RATE_LIMIT', 1200);
  const apiUserRateLimit = rateLimit('API_USER_RATE_LIMIT', 3000);

  if (problems.length > 0) {
    throw new ConfigError(`Invalid settings:\n  - ${problems.join('\n  - ')}`);
  }

  return {
    port,
    host: text('HOST') ?? '127.0.0.1',
    dataDir: path.resolve(text('DATA_DIR') ?? path.join(repoRoot, 'data')),
    databaseUrl,
    adminEmail,
    adminName: text('ADMIN_NAME') ?? 'admin',
    adminPassword,
    jwtSecret,
    logLevel,
    webDist: path.resolve(text('WEB_DIST') ?? path.join(repoRoot, 'apps/web/dist')),
    trustProxy: text('TRUST_PROXY') === 'true',
    importMaxBytes,
    liveRunTimeoutMinutes,
    attachmentMaxBytes,
    attachmentQuotaBytes,
    fileStore,
    webhookAllowPrivate: allowPrivateText === 'true',
    webhookRetryBaseMs,
    signIn,
    publicUrl,
    mail,
    mailRetryBaseMs,
    notificationDigestHour,
    metricsToken,
    liveStreamsPerUser,
    liveStreamsMax,
    caseListCacheBytes,
    apiTokenRateLimit,
    apiUserRateLimit,
  };
}
