import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookBody,
  MessageResponse,
  UpdateWebhookBody,
  WebhookCreated,
  WebhookDeliveryList,
  WebhookDeliveryQueued,
  WebhookList,
  WebhookMutation,
} from '@verdict/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Deliveries shown per page of the panel. */
export const DELIVERIES_PAGE = 20;

/** Events arrive from anywhere (CI, other people), so the list reads the last deliveries again now and then. */
const WEBHOOKS_REFRESH_MS = 5000;

export function useProjectWebhooks(projectId: number | null) {
  return useQuery({
    queryKey: queryKeys.webhooks.byProject(projectId ?? 0),
    queryFn: () => api.get<WebhookList>(`/api/projects/${projectId}/webhooks`),
    enabled: projectId !== null,
    refetchInterval: WEBHOOKS_REFRESH_MS,
  });
}

/** Add, change and delete endpoints; each reloads the project's webhooks. */
export function useWebhookMutations(projectId: number) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['webhooks'] });
  const create = useMutation({
    mutationFn: (body: CreateWebhookBody) =>
      api.post<WebhookCreated>(`/api/projects/${projectId}/webhooks`, body),
    onSuccess: reload,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateWebhookBody }) =>
      api.put<WebhookMutation>(`/api/webhooks/${id}`, body),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.del<MessageResponse>(`/api/webhooks/${id}`),
    onSuccess: reload,
  });
  return { create, update, remove };
}

/**
 * A page of an endpoint's deliveries, newest first. Polled while one is still pending, so a
 * delivery's outcome shows without a reload.
 */
export function useWebhookDeliveries(webhookId: number, offset: number) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(webhookId, offset),
    queryFn: () =>
      api.get<WebhookDeliveryList>(
        `/api/webhooks/${webhookId}/deliveries?limit=${DELIVERIES_PAGE}&offset=${offset}`,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.state === 'pending') ? 2000 : false,
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api.post<WebhookDeliveryQueued>(`/api/webhook-deliveries/${deliveryId}/redeliver`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}
