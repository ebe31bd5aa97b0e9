import { FileExcelOutlined, FileTextOutlined, ThunderboltOutlined } from "@ant-design/icons";
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Radio,
  Row,
  Segmented,
  Select,
  Switch,
  Typography,
  type GetRef,
} from "antd";
import type { Dayjs } from "dayjs";
import { forwardRef, useImperativeHandle, useRef } from "react";
import { CAMPAIGN_CHANNELS } from "../../../../contract";
import { ALL_CAMPAIGNS, REPORT_MAX_DAYS, type ReportChannel } from "../../../../contract/domain/reports";
import { formatDate } from "../../../shell/format";
import { CHANNEL_META } from "../../template-library/components/library-card";
import { ChannelTag } from "../../templates/components/template-look";
import { inRange, initialValues, RANGE_PRESETS, useGenerateReport, type GenerateValues } from "./use-generate-report";

export const CHANNEL_OPTIONS = [
  { value: "all", label: "All channels" },
  ...CAMPAIGN_CHANNELS.map((c) => ({ value: c, label: CHANNEL_META[c].label })),
];

export interface GenerateFormHandle {
  focus(): void;
}

/**
 * The generate form: a period (presets today, 7 and 30 days), the channel, one campaign of it or all, detailed or a
 * summary, and the file's format. The campaign picker offers the channel's campaigns, those created outside the
 * period disabled with their day (a report about one campaign must include the day it was created).
 */
export const GenerateForm = forwardRef<GenerateFormHandle, { onQueued: () => void }>(function GenerateForm(
  { onQueued },
  ref,
) {
  const [form] = Form.useForm<GenerateValues>();
  const model = useGenerateReport(onQueued);
  const dates = useRef<GetRef<typeof DatePicker.RangePicker>>(null);
  useImperativeHandle(ref, () => ({ focus: () => dates.current?.focus() }), []);
  const range = Form.useWatch("range", form);
  const detailed = Form.useWatch("detailed", form);

  const campaignOptions = [
    {
      value: ALL_CAMPAIGNS,
      label: `All ${model.channel === "all" ? "" : `${CHANNEL_META[model.channel].label} `}campaigns in these dates`,
      disabled: false,
      search: "",
    },
    ...model.campaigns.map((c) => {
      const inside = range ? inRange(c.createdAt, range) : true;
      return {
        value: c._id,
        disabled: !inside,
        label: (
          <Flex gap={8} align="center" justify="space-between">
            <Typography.Text ellipsis style={{ maxWidth: 260 }}>
              {c.name}
            </Typography.Text>
            <span>
              {model.channel === "all" && <ChannelTag channel={c.channel} />}{" "}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {inside ? formatDate(c.createdAt) : `created ${formatDate(c.createdAt)}, outside the dates`}
              </Typography.Text>
            </span>
          </Flex>
        ),
        search: c.name.toLowerCase(),
      };
    }),
  ];

  return (
    <Card title="Generate a report" style={{ marginBottom: 16 }}>
      <Form<GenerateValues>
        form={form}
        layout="vertical"
        initialValues={initialValues()}
        requiredMark={false}
        onFinish={async (v) => {
          if (await model.submit(v)) form.setFieldValue("campaignId", ALL_CAMPAIGNS);
        }}
      >
        <Row gutter={[16, 0]}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              label="Dates"
              name="range"
              extra={`Campaigns created on these days (India time); at most ${REPORT_MAX_DAYS} days.`}
              rules={[
                {
                  validator: (_, v: [Dayjs, Dayjs] | null) => {
                    const p = model.rangeProblem(v);
                    return p ? Promise.reject(new Error(p)) : Promise.resolve();
                  },
                },
              ]}
            >
              <DatePicker.RangePicker
                ref={dates}
                presets={RANGE_PRESETS()}
                format="D MMM YYYY"
                allowClear={false}
                aria-label="Report dates"
                style={{ width: "100%" }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={10}>
            <Form.Item label="Channel" name="channel">
              <Segmented
                aria-label="Report channel"
                options={CHANNEL_OPTIONS}
                onChange={(v) => {
                  model.setChannel(v as ReportChannel);
                  form.setFieldValue("campaignId", ALL_CAMPAIGNS);
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="Format" name="format">
              <Radio.Group aria-label="Report format" optionType="button">
                <Radio.Button value="csv">
                  <FileTextOutlined /> CSV
                </Radio.Button>
                <Radio.Button value="xlsx">
                  <FileExcelOutlined /> Excel
                </Radio.Button>
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col xs={24} xl={16}>
            <Form.Item
              label="Campaign"
              name="campaignId"
              extra={
                model.campaignsError
                  ? `Campaigns could not be loaded (${model.campaignsError}); a report of all campaigns still works.`
                  : "Only campaigns created in the chosen dates can be picked."
              }
            >
              <Select
                aria-label="Report campaign"
                showSearch
                loading={model.campaignsLoading}
                filterOption={(input, option) =>
                  option?.value === ALL_CAMPAIGNS || String(option?.search ?? "").includes(input.toLowerCase())
                }
                options={campaignOptions}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item
              label="Detailed report"
              name="detailed"
              valuePropName="checked"
              extra={
                detailed
                  ? "Every recipient with its states, timestamps, reply and cost."
                  : "Off: per campaign and channel, sent, delivered, read, replied, failed, failed over and cost in ₹."
              }
            >
              <Switch aria-label="Detailed report" checkedChildren="Detailed" unCheckedChildren="Summary" />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" icon={<ThunderboltOutlined />} loading={model.busy}>
            Generate report
          </Button>
        </Flex>
      </Form>
    </Card>
  );
});
