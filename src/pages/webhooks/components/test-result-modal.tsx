import { CheckCircleFilled, CloseCircleFilled } from "@ant-design/icons";
import { Button, Descriptions, Modal, Result } from "antd";
import type { TestReply } from "./use-webhooks";

export interface TestOutcome {
  endpointId: string;
  url: string;
  reply: TestReply;
}

/** What the test delivery did: the receiver's answer, or why there was none. */
export function TestResultModal({
  outcome,
  onClose,
  onOpenLog,
}: {
  outcome: TestOutcome | null;
  onClose: () => void;
  onOpenLog: (endpointId: string) => void;
}) {
  const d = outcome?.reply.data;
  const ok = d?.status === "succeeded";
  return (
    <Modal
      open={outcome !== null}
      title="Test delivery"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="log" onClick={() => outcome && onOpenLog(outcome.endpointId)}>
          Open delivery log
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {outcome && d && (
        <>
          <Result
            style={{ padding: "8px 0 16px" }}
            icon={
              ok ? (
                <CheckCircleFilled style={{ color: "#52c41a" }} />
              ) : (
                <CloseCircleFilled style={{ color: "#ff4d4f" }} />
              )
            }
            title={ok ? "Your endpoint answered" : "The delivery did not succeed"}
            subTitle={
              ok
                ? `HTTP ${d.responseStatus} in ${d.durationMs ?? "?"} ms`
                : `${d.error ?? "No answer"}. It stays in the log and is retried for 24 hours.`
            }
          />
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="URL">{outcome.url}</Descriptions.Item>
            <Descriptions.Item label="X-Webhook-Id">{d.id}</Descriptions.Item>
            <Descriptions.Item label="Response">
              {d.responseStatus === null ? "none" : `HTTP ${d.responseStatus}`}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
