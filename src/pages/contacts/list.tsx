import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FilterOutlined,
  LeftOutlined,
  PlusOutlined,
  RightOutlined,
  SettingOutlined,
  TagsOutlined,
  UploadOutlined,
} from "@ant-design/icons";
import {
  Alert,
  App,
  type CheckboxProps,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { MSG, type ContactRecord } from "../../../contract";
import { CONTACT_SOURCE_LABELS } from "../../../contract/domain/contacts";
import { useCall } from "../../api";
import { formatDateTime } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { AttributesModal } from "./components/attributes-modal";
import { ConsentSettings } from "./components/consent-settings";
import { ImportDrawer } from "./components/import-drawer";
import { ContactDrawer, type ContactDialog } from "./components/contact-drawer";
import { LabelsModal } from "./components/labels-modal";
import { useContacts } from "./components/use-contacts";

/**
 * campaigns/contacts: the account's contacts (issue 39). Search and the label filter stay in the page's state, never
 * in its URL (SPEC 5's guard would sign out a search for O'Brien); pages go by cursor.
 */
export function ContactsList() {
  const list = useContacts();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const attributes = useCall("contacts.attributes.list", {}, { errorNotification: false }).query;
  const definitions = attributes.data?.data.data ?? [];
  const [dialog, setDialog] = useState<ContactDialog>(null);
  const [labelling, setLabelling] = useState(false);
  const [defining, setDefining] = useState(false);
  const [importing, setImporting] = useState(false);
  const count = list.selected.length;
  const filtered = Boolean(list.search || list.label);

  const confirmDelete = () =>
    modal.confirm({
      title: `Delete ${count} ${count === 1 ? "contact" : "contacts"}?`,
      content: "Their names, labels and attributes are deleted. Campaign reports keep the numbers they sent to.",
      okText: "Delete",
      okButtonProps: { danger: true },
      onOk: () => list.remove().catch(() => undefined),
    });

  return (
    <>
      <PageHeader
        description="The people your campaigns and conversations reach, kept beyond one campaign file: search them, label them, and export them."
        extra={
          <>
            <Button icon={<FilterOutlined />} onClick={() => navigate("segments", { relative: "path" })}>
              Segments
            </Button>
            <Button icon={<SettingOutlined />} onClick={() => setDefining(true)}>
              Attributes
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Import
            </Button>
            <Button icon={<DownloadOutlined />} loading={list.exporting} onClick={() => void list.exportCsv()}>
              Export CSV
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: "create" })}>
              Add contact
            </Button>
          </>
        }
      />
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={list.error || MSG.somethingWrong}
          action={
            <Button size="small" onClick={list.refetch}>
              Retry
            </Button>
          }
        />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} align="center" justify="space-between" wrap style={{ padding: 16 }}>
          <Space wrap>
            <Input.Search
              allowClear
              aria-label="Search contacts"
              placeholder="Number, name or email"
              style={{ width: 280 }}
              onSearch={list.setSearch}
            />
            <Select
              allowClear
              aria-label="Filter by label"
              placeholder="Any label"
              style={{ minWidth: 180 }}
              value={list.label}
              onChange={(v: string | undefined) => list.setLabel(v)}
              options={list.labels.map((l) => ({ value: l, label: l }))}
            />
          </Space>
          <Space wrap>
            <Typography.Text type="secondary">{count ? `${count} selected` : ""}</Typography.Text>
            <Button icon={<TagsOutlined />} disabled={!count} onClick={() => setLabelling(true)}>
              Labels
            </Button>
            <Button danger icon={<DeleteOutlined />} disabled={!count} onClick={confirmDelete}>
              Delete
            </Button>
          </Space>
        </Flex>
        <Table<ContactRecord>
          rowKey="id"
          dataSource={list.rows}
          loading={list.loading}
          pagination={false}
          rowSelection={{
            selectedRowKeys: list.selected,
            onChange: (keys) => list.setSelected(keys.map(String)),
            // The checkbox's own input gets the name (antd's type leaves aria-* out, its Checkbox passes them on).
            getCheckboxProps: (r) => ({ "aria-label": `Select ${r.name || r.number}` }) as CheckboxProps,
          }}
          locale={{
            emptyText: list.firstLoad ? (
              " "
            ) : (
              <Empty description={filtered ? "No contact matches" : "No contacts yet"}>
                {!filtered && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: "create" })}>
                    Add your first contact
                  </Button>
                )}
              </Empty>
            ),
          }}
          columns={[
            { title: "Number", dataIndex: "number", width: 150 },
            {
              title: "Name and email",
              key: "name",
              render: (_, r) => (
                <Flex vertical>
                  <Typography.Text>{r.name || "—"}</Typography.Text>
                  {r.email && <Typography.Text type="secondary">{r.email}</Typography.Text>}
                </Flex>
              ),
            },
            {
              title: "Labels",
              dataIndex: "labels",
              width: 170,
              render: (labels: string[]) =>
                labels.length ? (
                  <Space size={[0, 4]} wrap>
                    {labels.map((l) => (
                      <Tag key={l}>{l}</Tag>
                    ))}
                  </Space>
                ) : (
                  "—"
                ),
            },
            {
              title: "Source",
              dataIndex: "source",
              width: 110,
              render: (s: ContactRecord["source"]) => CONTACT_SOURCE_LABELS[s],
            },
            { title: "Updated", dataIndex: "updatedAt", width: 170, render: (iso: string) => formatDateTime(iso) },
            {
              title: "",
              key: "edit",
              width: 90,
              render: (_, r) => (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Edit ${r.name || r.number}`}
                  onClick={() => setDialog({ kind: "edit", contact: r })}
                >
                  Edit
                </Button>
              ),
            },
          ]}
        />
        <Flex justify="flex-end" align="center" gap={8} style={{ padding: 16 }}>
          <Button icon={<LeftOutlined />} disabled={list.page === 1 || list.loading} onClick={list.previous}>
            Previous
          </Button>
          <Typography.Text aria-live="polite">{`Page ${list.page}`}</Typography.Text>
          <Button disabled={!list.hasNext || list.loading} onClick={list.next}>
            Next <RightOutlined />
          </Button>
        </Flex>
      </Card>
      <ConsentSettings />
      <ContactDrawer
        dialog={dialog}
        onClose={() => setDialog(null)}
        onSaved={list.saved}
        definitions={definitions}
        knownLabels={list.labels}
        mayErase={list.mayErase}
      />
      <LabelsModal
        open={labelling}
        count={count}
        knownLabels={list.labels}
        busy={list.busy}
        onClose={() => setLabelling(false)}
        onApply={list.relabel}
      />
      <AttributesModal
        open={defining}
        definitions={definitions}
        onClose={() => setDefining(false)}
        onChanged={() => attributes.refetch()}
      />
      <ImportDrawer
        open={importing}
        attributes={definitions}
        onClose={(changed) => {
          setImporting(false);
          if (changed) void list.saved();
        }}
      />
    </>
  );
}
