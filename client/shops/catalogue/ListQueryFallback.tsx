import { SkeletonGrid } from './SkeletonGrid.js';
import { StatusMessage } from '../../ui/StatusMessage.js';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** What a product list shows before it has data: a skeleton while loading, or the error with 'Try again'. */
export function ListQueryFallback({ query, errorTitle }: { query: ListQuery; errorTitle: string }) {
  if (query.isPending) return <SkeletonGrid />;
  if (!query.isError) return null;
  return (
    <StatusMessage
      title={errorTitle}
      tone="error"
      action={{ label: 'Try again', onClick: () => void query.refetch() }}
    >
      {query.error?.message}
    </StatusMessage>
  );
}
