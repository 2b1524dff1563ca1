import { Page } from '@/components/ui/page';

/** Placeholder: being built (docs/product/cycles-screens.md). */
export function CycleDetailPage() {
  return <Page title="CycleDetailPage">Coming soon</Page>;
}
