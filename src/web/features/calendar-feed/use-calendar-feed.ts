import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CalendarFeedProjectsInput, CalendarFeedStatus, CreatedCalendarFeed } from "@/shared/calendar-feed";
import { api } from "@/web/lib/api";

const PATH = "/api/v1/me/calendar-feed";
export const CALENDAR_FEED_KEY = ["account", "calendar-feed"] as const;

export const useCalendarFeed = () => useQuery({ queryKey: CALENDAR_FEED_KEY, queryFn: () => api<CalendarFeedStatus>(PATH) });

/** Create or regenerate: the answer holds the URL, the only time it leaves the server. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CreatedCalendarFeed>(PATH, { method: "POST" }),
    onSuccess: (created) => queryClient.setQueryData(CALENDAR_FEED_KEY, created.feed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }),
  });
}

export function useSetCalendarFeedProjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarFeedProjectsInput) => api<CalendarFeedStatus>(`${PATH}/projects`, { method: "PUT", body }),
    onSuccess: (status) => queryClient.setQueryData(CALENDAR_FEED_KEY, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(PATH, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }),
  });
}
