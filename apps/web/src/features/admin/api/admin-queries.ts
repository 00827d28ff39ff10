import * as api from '@oripa/contract/api-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminGetOk } from './admin-client.ts';

/** Query-cache keys of the console; everything under ADMIN_KEY is dropped at logout. */
export const ADMIN_KEY = ['admin'] as const;
export const ME_KEY = [...ADMIN_KEY, 'me'] as const;

export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: () => adminGetOk(api.adminMe),
    retry: false,
    staleTime: 60_000,
  });
}

export function useOperators() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'operators'],
    queryFn: () => adminGetOk(api.adminOperators).then((r) => r.operators),
  });
}

export interface AuditParams {
  page: number;
  per: number;
  sort: string;
  dir: 'asc' | 'desc';
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}

export function useAudit(params: AuditParams) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'audit', params],
    queryFn: () => adminGetOk(api.adminAudit, { query: params }),
    placeholderData: keepPreviousData,
  });
}

export function useMaintenance() {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'maintenance'],
    queryFn: () => adminGetOk(api.adminMaintenance).then((r) => r.maintenance),
  });
}

export function useOutbox(to: string) {
  const search = to ? `to=${encodeURIComponent(to)}&limit=500` : 'limit=500';
  return useQuery({
    queryKey: [...ADMIN_KEY, 'outbox', to],
    queryFn: () => adminGetOk(api.adminOutbox, { search }).then((r) => r.entries),
    placeholderData: keepPreviousData,
  });
}

export interface MemberListParams {
  q: string;
  page: number;
  per: number;
  sort: string;
  dir: 'asc' | 'desc';
}

/** A page of members (all, or those matching q), sorted and paged by the server. */
export function useMemberList(params: MemberListParams) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'members', params],
    queryFn: () => adminGetOk(api.adminMembers, { query: params }),
    placeholderData: keepPreviousData,
  });
}

export const memberKey = (id: number) => [...ADMIN_KEY, 'member', id] as const;

export function useMember(id: number) {
  return useQuery({ queryKey: memberKey(id), queryFn: () => adminGetOk(api.adminMembersById, { params: { id } }) });
}
