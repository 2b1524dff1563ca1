/**
 * How the .NET reports (TRX, NUnit 3, xUnit.net) name a test's place: the suite is the test
 * assembly's file name ("Calculator.Tests.dll", as the .NET JUnit loggers name their test suite),
 * the case above the test its class's full name, so the three formats and JUnit from the same
 * tests land on the same cases.
 */

/** The file name at the end of a path, Windows or POSIX ("C:\src\bin\Calculator.Tests.dll" → "Calculator.Tests.dll"). */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).at(-1) ?? '';
}

/** A test's name without its class's full name before it ("Ns.Class.Adds(a: 1)" → "Adds(a: 1)"). */
export function titleInClass(name: string, className: string): string {
  const prefix = `${className}.`;
  return className && name.length > prefix.length && name.startsWith(prefix)
    ? name.slice(prefix.length)
    : name;
}

/** The test's place: its class (when known) above its title. */
export const pathInClass = (className: string, title: string) => (className ? [className, title] : [title]);
