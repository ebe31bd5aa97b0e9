import { Alert, Button, Empty, Flex, Skeleton, Space, Tag, Timeline, Typography } from "antd";
import { useState } from "react";
import {
  CONSENT_CHANNEL_LABELS,
  CONSENT_METHOD_LABELS,
  CONSENT_PURPOSE_LABELS,
  CONSENT_STATUS_LABELS,
  type SendDecision,
} from "../../../../contract/domain/consent";
import { formatDateTime } from "../../../shell/format";
import { RecordConsentModal } from "./record-consent-modal";
import { CONSENT_HISTORY_SHOWN, useConsent } from "./use-consent";

// The contact drawer's Consent section (issue 39, item 3): what a send on each channel would meet now, the number's
// consent history, and recording an opt-in or opt-out. Words beside every colour, so the tags read without it.

const DECISION: Record<SendDecision, { color: string; text: string }> = {
  allowed: { color: "green", text: "Allowed" },
  optedOut: { color: "red", text: "Opted out" },
  noOptIn: { color: "orange", text: "No opt-in" },
};

function DecisionTag({ what, decision }: { what: string; decision: SendDecision }) {
  const d = DECISION[decision];
  return (
    <Tag color={d.color}>
      {what}: {d.text}
    </Tag>
  );
}

export function ConsentSection({ number }: { number: string }) {
  const consent = useConsent(number);
  const [recording, setRecording] = useState(false);
  const { state } = consent;
  return (
    <section aria-labelledby="consent-heading">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={5} id="consent-heading" style={{ margin: 0 }}>
          Consent
        </Typography.Title>
        <Button onClick={() => setRecording(true)}>Record opt-in/opt-out</Button>
      </Flex>
      {consent.failed && <Alert type="error" showIcon message="Consent could not be loaded" />}
      {consent.loading && <Skeleton active paragraph={{ rows: 3 }} />}
      {state && (
        <Space direction="vertical" size={8} style={{ width: "100%", marginBottom: 16 }}>
          {state.onSuppressionList && (
            <Alert type="warning" showIcon message="On the suppression list: no channel sends to this number" />
          )}
          {state.effective.map((e) => (
            <Flex key={e.channel} gap={8} align="center" wrap>
              <Typography.Text strong style={{ width: 84 }}>
                {CONSENT_CHANNEL_LABELS[e.channel]}
              </Typography.Text>
              <DecisionTag what="Marketing" decision={e.marketing} />
              <DecisionTag what="Other" decision={e.other} />
            </Flex>
          ))}
          {state.requireWhatsappOptIn && (
            <Typography.Text type="secondary">
              This account requires a WhatsApp opt-in before template messages.
            </Typography.Text>
          )}
        </Space>
      )}
      {!consent.loading && consent.history.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No consent recorded for this number yet" />
      )}
      {consent.history.length > 0 && (
        <>
          <Timeline
            items={consent.history.map((e) => ({
              key: e.id,
              color: e.status === "opted_in" ? "green" : "red",
              children: (
                <>
                  <Typography.Text strong>
                    {CONSENT_STATUS_LABELS[e.status]}: {CONSENT_CHANNEL_LABELS[e.channel]},{" "}
                    {CONSENT_PURPOSE_LABELS[e.purpose].toLowerCase()}
                  </Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {CONSENT_METHOD_LABELS[e.method]} · {formatDateTime(e.createdAt)}
                    {e.actor ? ` · ${e.actor}` : ""}
                  </Typography.Text>
                  {e.proof && (
                    <>
                      <br />
                      <Typography.Text>{e.proof}</Typography.Text>
                    </>
                  )}
                </>
              ),
            }))}
          />
          {consent.total > CONSENT_HISTORY_SHOWN && (
            <Typography.Text type="secondary">
              The newest {CONSENT_HISTORY_SHOWN} of {consent.total} events.
            </Typography.Text>
          )}
        </>
      )}
      <RecordConsentModal
        open={recording}
        number={number}
        busy={consent.recording}
        onClose={() => setRecording(false)}
        onRecord={async (input) => {
          await consent.record(input);
          setRecording(false);
        }}
      />
    </section>
  );
}
