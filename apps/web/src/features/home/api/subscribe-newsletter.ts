import { type MessageResponse, type messageResponse, newsletterSubscribeRequest } from '@mohar/contracts';
import { api } from '@/lib/api-client';

export { newsletterSubscribeRequest };

/** Subscribing changes no data this app reads, so no query is invalidated. */
export const subscribeNewsletter = (body: { email: string }): Promise<MessageResponse> =>
  api.post<typeof messageResponse>('/newsletter', body);
