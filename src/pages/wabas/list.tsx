import { Alert, Button, Card, Flex, Skeleton, Table } from "antd";
import type { WabaPhoneNumber } from "../../../contract";
import { PageHeader } from "../common/page-header";
import { AnalyticsCard } from "./components/analytics-card";
import { BusinessProfileCard } from "./components/business-profile-card";
import { ConnectCard } from "./components/connect-card";
import { QualityTag } from "./components/quality-tag";
import { WabaCard } from "./components/waba-card";
import { useWabas } from "./use-wabas";

/** A department head's view: the organization's numbers without the account details it may not read. */
function NumbersCard({ phones }: { phones: readonly WabaPhoneNumber[] }) {
  return (
    <Card title="Phone numbers" styles={{ body: { padding: 0 } }}>
      <Table<WabaPhoneNumber>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...phones]}
        columns={[
          { title: "Number", dataIndex: "display_phone_number", key: "n" },
          { title: "Verified name", dataIndex: "verified_name", key: "v" },
          { title: "Quality", dataIndex: "quality_rating", key: "q", render: (v: WabaPhoneNumber["quality_rating"]) => <QualityTag rating={v} /> },
        ]}
      />
    </Card>
  );
}

/** Channels → WhatsApp: connect a WhatsApp Business Account, its numbers, business profile and analytics. */
export function WabasList() {
  const page = useWabas();
  const connected = page.phones.length > 0;

  let body;
  if (page.loading) body = <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>;
  else if (page.error)
    body = <Alert type="error" showIcon message={page.error} action={<Button size="small" onClick={page.retry}>Retry</Button>} />;
  else if (!connected) body = <ConnectCard canConnect={page.canConnect} connecting={page.connecting} onConnect={page.connect} />;
  else
    body = (
      <Flex vertical gap={16}>
        {page.canList ? page.wabas.map((waba) => <WabaCard key={waba._id} waba={waba} />) : <NumbersCard phones={page.phones} />}
        <AnalyticsCard />
        {page.canEditProfile && <BusinessProfileCard phones={page.phones} />}
      </Flex>
    );

  return (
    <>
      <PageHeader
        description="Your WhatsApp Business Account: its phone numbers, the profile customers see, and how messages fare."
      />
      {body}
    </>
  );
}
