import { Page } from '@/components/ui/page';

/** Placeholder: being built (docs/product/cycles-screens.md). */
export function CycleEditPage() {
  return <Page title="CycleEditPage">Coming soon</Page>;
}
