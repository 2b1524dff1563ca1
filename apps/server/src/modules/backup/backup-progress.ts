import type { BackupProgress } from './backup-writer.ts';

/**
 * Progress of a backup or restore on stderr: a bar redrawn in place on a terminal, a plain line
 * every few seconds otherwise (a log file then gets a readable trail, not thousands of lines).
 */
export function createBackupProgress(label: string, stream: NodeJS.WriteStream = process.stderr) {
  const started = Date.now();
  const tty = stream.isTTY === true;
  const every = tty ? 200 : 5000;
  let last = 0;
  let drawn = false;
  let complete = false;
  const draw = ({ done, total, table }: BackupProgress) => {
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(ratio * 30);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(30 - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done}/${total} rows (${table}, ${seconds}s)`;
    stream.write(tty ? `\r${line.padEnd(110)}` : `${line}\n`);
    drawn = true;
  };
  return {
    update(progress: BackupProgress) {
      const now = Date.now();
      const ends = progress.done >= progress.total;
      if (complete || (now - last < every && !ends)) return;
      last = now;
      complete = ends;
      draw(progress);
    },
    finish() {
      if (tty && drawn) stream.write('\n');
    },
  };
}
