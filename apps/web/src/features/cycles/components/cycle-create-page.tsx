import { Page } from '@/components/ui/page';

/** Placeholder: being built (docs/product/cycles-screens.md). */
export function CycleCreatePage() {
  return <Page title="CycleCreatePage">Coming soon</Page>;
}
