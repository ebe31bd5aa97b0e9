import { DeleteOutlined, SaveOutlined } from "@ant-design/icons";
import { Button, Flex, Form, Input, Modal, Popconfirm, Select } from "antd";
import { useState } from "react";
import { MSG, type CallReply } from "../../../../../contract";
import { INBOX_VIEW_NAME_MAX, type InboxFilter } from "../../../../../contract/domain/inbox-views";
import { useCall, useCallMutation } from "../../../../api";
import { toast } from "../../../../components/toast";
import { formatCount } from "../../../../shell/format";
import type { ListFilters } from "./conversation-list";

type View = CallReply<"chats.views">["data"][number];

/** The list's filters as a view stores them (the search is not part of a view: it is typed, not chosen). */
export function toViewFilter(f: ListFilters): InboxFilter {
  return {
    ...(f.channel !== "all" && { channel: f.channel }),
    scope: f.scope,
    status: f.status,
    ...(f.agentId && { agentId: f.agentId }),
    ...(f.label && { label: f.label }),
    ...(f.unread && { unread: true }),
    ...(f.slaBreached && { slaBreached: true }),
    ...(f.waitingMinutes && { waitingMinutes: f.waitingMinutes }),
    ...(f.sort === "slaDue" && { sort: "slaDue" as const }),
  };
}

export const fromViewFilter = (v: InboxFilter, q: string): ListFilters => ({
  channel: v.channel ?? "all",
  scope: v.scope ?? "all",
  status: v.status ?? "open",
  q,
  label: v.label,
  agentId: v.agentId,
  unread: v.unread ?? false,
  slaBreached: v.slaBreached ?? false,
  waitingMinutes: v.waitingMinutes,
  sort: v.sort,
});

const same = (a: InboxFilter, b: InboxFilter) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Saved views: pick one (its count beside its name), save the current filters under a name, delete the chosen one. */
export function SavedViews(props: { filters: ListFilters; onFilters: (next: ListFilters) => void }) {
  const { query } = useCall("chats.views", {}, { errorNotification: false });
  const create = useCallMutation("chats.viewCreate");
  const remove = useCallMutation("chats.viewDelete");
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const views: View[] = query.data?.data.data ?? [];
  const current = views.find((v) => same(v.filter, toViewFilter(props.filters)));
  const save = async ({ name }: { name: string }) => {
    try {
      await create.mutateAsync({ body: { name, filter: toViewFilter(props.filters) }, errorNotification: false });
      toast.success("View saved");
      setSaving(false);
      form.resetFields();
      void query.refetch();
    } catch (e) {
      form.setFields([{ name: "name", errors: [e instanceof Error ? e.message : MSG.somethingWrong] }]);
    }
  };
  const del = async (id: string) => {
    await remove.mutateAsync({ params: { id }, errorNotification: false }).catch(() => toast.error(MSG.somethingWrong));
    void query.refetch();
  };
  return (
    <Flex gap={6} align="center">
      <Select
        size="small"
        aria-label="Saved views"
        placeholder={views.length ? "Saved views" : "No saved views"}
        value={current?._id ?? null}
        onChange={(id: string) => {
          const view = views.find((v) => v._id === id);
          if (view) props.onFilters(fromViewFilter(view.filter, props.filters.q));
        }}
        options={views.map((v) => ({
          value: v._id,
          label: `${v.name} (${formatCount(v.count)}${v.countExact ? "" : "+"})`,
        }))}
        style={{ flex: 1, minWidth: 140 }}
      />
      <Button size="small" icon={<SaveOutlined />} onClick={() => setSaving(true)} aria-label="Save view">
        Save view
      </Button>
      {current && (
        <Popconfirm title={`Delete the view "${current.name}"?`} okText="Delete" onConfirm={() => del(current._id)}>
          <Button size="small" icon={<DeleteOutlined />} aria-label="Delete view" danger />
        </Popconfirm>
      )}
      <Modal
        title="Save view"
        open={saving}
        okText="Save"
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => setSaving(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: "Name the view" }]}>
            <Input maxLength={INBOX_VIEW_NAME_MAX} autoFocus placeholder="e.g. VIP waiting" />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
