import { Page } from '@/components/ui/page';

/** Placeholder: being built (docs/product/cycles-screens.md). */
export function MyWorkPage() {
  return <Page title="MyWorkPage">Coming soon</Page>;
}
