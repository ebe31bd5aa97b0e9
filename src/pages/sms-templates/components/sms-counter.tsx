import { Flex, Tag, Typography } from "antd";
import { SMS_VARIABLE, SMS_VARIABLE_MAX, smsVariableCount } from "../../../../contract/domain/sms";
import { countSms, SMS_PART_LIMITS } from "../../../../contract/domain/sms-segments";

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div style={{ minWidth: 72 }}>
      <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text strong style={{ fontSize: 18 }} data-testid={testId}>
        {value}
      </Typography.Text>
    </div>
  );
}

/** Live encoding and segment count of a body: what the operator will bill as parts. */
export function SmsCounter({ body }: { body: string }) {
  const count = countSms(body);
  const limits = SMS_PART_LIMITS[count.encoding];
  const variables = smsVariableCount(body);
  return (
    <div aria-live="polite">
      <Flex gap={24} wrap align="flex-end">
        <div>
          <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
            Encoding
          </Typography.Text>
          <Tag
            color={count.encoding === "GSM-7" ? "green" : "orange"}
            style={{ marginTop: 2, fontSize: 13 }}
            data-testid="sms-encoding"
          >
            {count.encoding}
          </Tag>
        </div>
        <Figure label="Characters" value={count.units} testId="sms-units" />
        <Figure label="Per part" value={count.perPart} testId="sms-per-part" />
        <Figure label="Parts" value={count.parts} testId="sms-parts" />
        <Figure label="Left in part" value={count.parts ? count.remaining : count.perPart} testId="sms-remaining" />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: "8px 0 0" }}>
        {count.encoding === "GSM-7"
          ? `GSM-7: ${limits.single} characters in one SMS, ${limits.multi} per part when split; € [ ] { } \\ ^ ~ | count two.`
          : `UCS-2 (a character outside GSM-7, such as Hindi or an emoji): ${limits.single} in one SMS, ${limits.multi} per part when split.`}
        {variables > 0 &&
          ` ${variables} variable${variables === 1 ? "" : "s"}: counted as ${SMS_VARIABLE}; each is replaced by up to ${SMS_VARIABLE_MAX} characters when sent, which can add parts.`}
      </Typography.Paragraph>
    </div>
  );
}
