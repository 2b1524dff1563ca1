import path from 'node:path';

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
  }

  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }

  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }

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
  };
}
