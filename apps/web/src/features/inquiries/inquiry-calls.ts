import * as api from '@oripa/contract/api-paths';
import type { InquiryListResponse, InquiryThreadResponse } from '@oripa/contract/inquiries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUpload, isOk, type ApiResult } from '@/lib/api-client.ts';
import { getOk } from '@/lib/api-query.ts';

/** Query-cache keys of the member's inquiries (decision 052). */
export const INQUIRIES_KEY = ['inquiries'] as const;
const threadKey = (id: number) => ['inquiries', id] as const;

export function useInquiryList() {
  return useQuery({
    queryKey: INQUIRIES_KEY,
    queryFn: async (): Promise<InquiryListResponse> => {
      const { enabled, inquiries, purchases } = await getOk(api.inquiryList);
      return { enabled, inquiries, purchases };
    },
    staleTime: 0,
  });
}

export function useInquiryThread(id: number) {
  return useQuery({
    queryKey: threadKey(id),
    queryFn: async (): Promise<InquiryThreadResponse> => {
      const { inquiry, messages } = await getOk(api.inquiryDetail, { params: { id } });
      return { inquiry, messages };
    },
    staleTime: 0,
    retry: false,
  });
}

/** An attachment's image (a data URL), fetched when shown: only its member may read it. */
export function useInquiryFile(id: number) {
  return useQuery({
    queryKey: ['inquiry-file', id],
    queryFn: async () => (await getOk(api.inquiryFile, { params: { id } })).data_url,
    staleTime: Infinity,
  });
}

/** Sending and replying: each answers the thread, kept in the cache at once; the list is refetched. */
export function useInquiryCalls() {
  const queryClient = useQueryClient();
  const keep = (result: ApiResult<InquiryThreadResponse>) => {
    if (isOk(result) && result.inquiry && result.messages) {
      queryClient.setQueryData(threadKey(result.inquiry.id), { inquiry: result.inquiry, messages: result.messages });
      void queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY, exact: true });
    }
    return result;
  };
  return {
    create: async (payload: { category: string; subject: string; body: string; purchase_id: number | null }, files: readonly File[]) =>
      keep(await apiUpload(api.inquiryCreate, payload, files)),
    reply: async (inquiryId: number, body: string, files: readonly File[]) =>
      keep(await apiUpload(api.inquiryReply, { inquiry_id: inquiryId, body }, files)),
  };
}
