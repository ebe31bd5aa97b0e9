import { useState } from "react";
import { useSearchParams } from "react-router";
import { MSG, type CallReply } from "../../../../contract";
import type { WebhookDeliveryEvent, WebhookDeliveryStatus } from "../../../../contract/domain/webhooks";
import { useCall, useCallMutation } from "../../../api";

type ListReply = CallReply<"webhooks.deliveries">;
type DetailReply = CallReply<"webhooks.delivery">;
export type Delivery = ListReply["data"][number];
export type DeliveryDetail = DetailReply["data"];

const PAGE_SIZE = 20;

/**
 * One endpoint's delivery log (the endpoint is in the address, `?endpointId=`): a page of deliveries by status and
 * event, read again every few seconds while some are pending, a delivery's details, and resend.
 */
export function useDeliveries() {
  const [params, setParams] = useSearchParams();
  const endpointId = params.get("endpointId") ?? "";
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>();
  const [event, setEvent] = useState<WebhookDeliveryEvent | undefined>();
  const [openId, setOpenId] = useState<string | null>(null);
  const [resending, setResending] = useState<string | null>(null);

  const endpoints = useCall("webhooks.list", { query: { page: 1, limit: 100 } }, { errorNotification: false });
  const list = useCall(
    "webhooks.deliveries",
    {
      params: { id: endpointId },
      query: { page, limit: PAGE_SIZE, ...(status ? { status } : {}), ...(event ? { event } : {}) },
    },
    {
      errorNotification: false,
      queryOptions: {
        enabled: Boolean(endpointId),
        refetchInterval: (q) => ((q.state.data?.data.data ?? []).some((d) => d.status === "pending") ? 5000 : false),
      },
    },
  );
  const detail = useCall(
    "webhooks.delivery",
    { params: { id: openId ?? "" } },
    { errorNotification: false, queryOptions: { enabled: Boolean(openId) } },
  );
  const resendCall = useCallMutation("webhooks.resend");

  return {
    endpointId,
    endpoints: endpoints.query.data?.data.data ?? [],
    endpoint: (endpoints.query.data?.data.data ?? []).find((e) => e.id === endpointId),
    chooseEndpoint: (id: string) => {
      setParams({ endpointId: id });
      setPage(1);
    },
    rows: list.query.data?.data.data ?? [],
    total: list.query.data?.data.total ?? 0,
    page,
    setPage,
    pageSize: PAGE_SIZE,
    status,
    setStatus: (s: WebhookDeliveryStatus | undefined) => {
      setStatus(s);
      setPage(1);
    },
    event,
    setEvent: (e: WebhookDeliveryEvent | undefined) => {
      setEvent(e);
      setPage(1);
    },
    loading: list.query.isFetching && !list.query.data,
    refreshing: list.query.isFetching,
    error: list.query.error ? list.query.error.message || MSG.somethingWrong : null,
    refetch: () => void list.query.refetch(),
    openId,
    open: setOpenId,
    detail: openId ? detail.query.data?.data.data : undefined,
    detailLoading: detail.query.isFetching,
    resending,
    resend: async (id: string) => {
      setResending(id);
      try {
        await resendCall.mutateAsync({
          params: { id },
          successNotification: (data) => {
            // Refine hands the notification the reply untyped: it is this call's.
            const reply = data?.data as CallReply<"webhooks.resend"> | undefined;
            return {
              type: reply?.data.status === "succeeded" ? "success" : "error",
              message: reply?.message ?? "Sent again",
            };
          },
          errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
        });
      } catch {
        // The error toast has said why.
      } finally {
        setResending(null);
        void list.query.refetch();
        if (openId) void detail.query.refetch();
      }
    },
  };
}

export type DeliveriesModel = ReturnType<typeof useDeliveries>;
