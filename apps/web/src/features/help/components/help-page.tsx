import { Card, Page } from '@/components/ui/page';
import './help.css';

/** The words of testing as Verdict uses them (docs/product/README.md, "Glossary"). */
const GLOSSARY: { term: string; meaning: string }[] = [
  {
    term: 'Test case',
    meaning:
      'One thing to check, with its steps and expected results. Cases sit in suites and may have child cases.',
  },
  {
    term: 'Test run',
    meaning:
      "One passed or failed result of one case, listed in the case's Test Runs table. Add Test Run records one by hand; a test cycle or an import records one for each passed or failed result.",
  },
  {
    term: 'Test cycle',
    meaning:
      'A planned round of testing: a chosen set of cases, each an item to execute, assign and record results on. A JUnit import makes a cycle of its own.',
  },
  {
    term: 'Result',
    meaning:
      'What one execution of a case said: passed, failed, blocked or skipped. Blocked and skipped are recorded in a cycle only and record no test run.',
  },
  {
    term: 'Result History',
    meaning:
      "A case's results from every source, newest first, each once: a cycle result that recorded a test run is one entry, with its cycle named.",
  },
  {
    term: 'Status',
    meaning:
      "A case's latest passed or failed result, whatever recorded it. It colours the tree's marks and the roll-up, drives status: in search and the dashboard's counts. A later blocked or skipped result leaves it as it was.",
  },
];

/** /help: what the words mean (docs/product/shell-and-navigation.md, "Help"). */
export function HelpPage() {
  return (
    <Page title="Help" card={false}>
      <Card title="Glossary">
        <dl className="glossary">
          {GLOSSARY.map(({ term, meaning }) => (
            <div key={term} className="glossary-entry">
              <dt>{term}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </Page>
  );
}
