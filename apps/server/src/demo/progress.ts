/** A one-line progress bar on stderr (redrawn in place on a terminal, one line per step otherwise). */
export function createProgress(total: number, label: string) {
  const started = Date.now();
  let done = 0;
  const tty = process.stderr.isTTY;
  const draw = (step: string) => {
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    const width = 30;
    const filled = Math.round(ratio * width);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${step} (${seconds}s)`;
    process.stderr.write(tty ? `\r${line.padEnd(100)}` : `${line}\n`);
  };
  return {
    advance(amount: number, step: string) {
      done += amount;
      draw(step);
    },
    finish() {
      if (tty) process.stderr.write('\n');
      return (Date.now() - started) / 1000;
    },
  };
}
