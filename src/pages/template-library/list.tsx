import { AppstoreOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { Alert, Button, Card, Col, Empty, Flex, Input, Row, Segmented, Select, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { MSG } from "../../../contract";
import {
  LIBRARY_CHANNELS,
  LIBRARY_INDUSTRIES,
  libraryRef,
  type LibraryChannel,
  type LibraryTemplate,
} from "../../../contract/domain/template-library";
import { PageHeader } from "../common/page-header";
import { CHANNEL_META, LibraryCard } from "./components/library-card";

/** Where "Use template" opens each channel's builder, relative to manage-templates. */
const BUILDER_OF: Record<LibraryChannel, string> = {
  rcs: "rcs/creation",
  sms: "create-sms",
  whatsapp: "whatsapp/whatsapp-template-creation",
};

const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

/** Template Management: the library of ready-made templates as a gallery, by channel and industry, with search. */
export function TemplateLibraryList() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const initial = params.get("channel");
  const [channel, setChannel] = useState<LibraryChannel | "all">(
    (LIBRARY_CHANNELS as readonly string[]).includes(initial ?? "") ? (initial as LibraryChannel) : "all",
  );
  const [industry, setIndustry] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState("");
  const { result, query } = useList<LibraryTemplate>({
    resource: "template-library",
    pagination: { mode: "off" },
    filters: [
      { field: "channel", operator: "eq", value: channel === "all" ? undefined : channel },
      { field: "industry", operator: "eq", value: industry },
      { field: "search", operator: "contains", value: search || undefined },
    ],
    errorNotification: false,
  });
  const use = (t: LibraryTemplate) => navigate(`${BUILDER_OF[t.channel]}?from=${encodeURIComponent(libraryRef(t.id))}`);

  return (
    <>
      <PageHeader
        description="Start from a ready-made template for your industry, or open a channel's templates."
        extra={
          <>
            <Button icon={<AppstoreOutlined />} onClick={() => navigate("rcs")}>
              RCS templates
            </Button>
            <Button onClick={() => navigate("sms")}>SMS templates</Button>
            <Button onClick={() => navigate("whatsapp")}>WhatsApp templates</Button>
            <Button type="primary" onClick={() => navigate("unified")}>
              All templates
            </Button>
          </>
        }
      />
      <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
        <Flex gap={12} wrap align="center">
          <Segmented
            aria-label="Channel"
            value={channel}
            onChange={(v) => {
              const next = v as LibraryChannel | "all";
              setChannel(next);
              setParams(next === "all" ? {} : { channel: next }, { replace: true });
            }}
            options={[
              { value: "all", label: "All channels" },
              ...LIBRARY_CHANNELS.map((c) => ({ value: c, label: CHANNEL_META[c].label, icon: CHANNEL_META[c].icon })),
            ]}
          />
          <Select
            allowClear
            aria-label="Industry"
            placeholder="All industries"
            style={{ width: 180 }}
            value={industry}
            onChange={setIndustry}
            options={LIBRARY_INDUSTRIES.map((i) => ({ value: i, label: capital(i) }))}
          />
          <Input.Search
            allowClear
            placeholder="Search templates"
            aria-label="Search templates"
            style={{ maxWidth: 280 }}
            onSearch={(v) => setSearch(v.trim())}
          />
          <div style={{ flex: 1 }} />
          {!query.isLoading && !query.isError && (
            <Typography.Text type="secondary">
              {result.data.length} {result.data.length === 1 ? "template" : "templates"}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          message={MSG.fetchTemplates}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        />
      ) : query.isLoading ? (
        <Row gutter={[16, 16]}>
          {Array.from({ length: 6 }, (_, i) => (
            <Col key={i} xs={24} md={12} xl={8}>
              <Card>
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : result.data.length === 0 ? (
        <Card>
          <Empty description="No templates match these filters." />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {result.data.map((t) => (
            <Col key={t.id} xs={24} md={12} xl={8} xxl={6}>
              <LibraryCard template={t} onUse={() => use(t)} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
