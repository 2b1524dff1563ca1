import { Page } from '@/components/ui/page';

/** Placeholder: being built (docs/product/cycles-screens.md). */
export function ExecutionPage() {
  return <Page title="ExecutionPage">Coming soon</Page>;
}
