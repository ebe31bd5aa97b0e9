import { Alert, Avatar, Button, Card, Col, Flex, Form, Input, Row, Select, Skeleton, Typography } from "antd";
import { useEffect, useState } from "react";
import type { WabaPhoneNumber } from "../../../../contract";
import { whatsappBusinessProfile } from "../../../../schemas/whatsapp-business-profile";
import { toMessage } from "../../../api";
import { toFormValues, useBusinessProfile, type ProfileFormValues } from "./use-business-profile";
import { VERTICAL_OPTIONS } from "./verticals";

// Limits from the schema the server validates with, so the form and the server never disagree.
const P = whatsappBusinessProfile.properties;
const max = (limit: number) => ({ max: limit, message: `At most ${limit} characters` });
const URL_RULE = { pattern: /^https?:\/\/\S+$/, message: "Start with http:// or https://" };

/** The WhatsApp business profile of one number: what customers see when they open the chat's contact info. */
export function BusinessProfileCard({ phones }: { phones: readonly WabaPhoneNumber[] }) {
  const [phoneId, setPhoneId] = useState<string | undefined>(phones[0]?.id);
  const [form] = Form.useForm<ProfileFormValues>();
  const { profile, query, save, saving } = useBusinessProfile(phoneId, form);
  const picture = Form.useWatch("profile_picture_handle", form);

  useEffect(() => {
    if (profile) form.setFieldsValue(toFormValues(profile));
  }, [profile, form]);

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message={toMessage(query.error)}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else
    body = (
      <Form form={form} layout="vertical" onFinish={save} requiredMark={false} aria-label="Business profile">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="about"
              label="About"
              rules={[max(P.about.maxLength)]}
              extra="The status line under the business name."
            >
              <Input showCount maxLength={P.about.maxLength} placeholder="e.g. Open 9 am to 6 pm, Monday to Saturday" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="vertical" label="Industry">
              <Select options={VERTICAL_OPTIONS} showSearch optionFilterProp="label" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="Description" rules={[max(P.description.maxLength)]}>
          <Input.TextArea showCount maxLength={P.description.maxLength} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="address" label="Address" rules={[max(P.address.maxLength)]}>
              <Input maxLength={P.address.maxLength} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label="Email"
              rules={[{ type: "email", message: "Enter a valid email address" }, max(P.email.maxLength)]}
            >
              <Input maxLength={P.email.maxLength} placeholder="support@example.com" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          {[0, 1].map((i) => (
            <Col xs={24} md={12} key={i}>
              <Form.Item
                name={["websites", i]}
                label={`Website ${i + 1}`}
                rules={[URL_RULE, max(P.websites.items.maxLength)]}
              >
                <Input placeholder="https://" maxLength={P.websites.items.maxLength} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Form.Item
          name="profile_picture_handle"
          label="Profile picture"
          rules={[
            max(P.profile_picture_handle.maxLength),
            { pattern: /^\S*$/, message: "No spaces: an https URL or an upload handle" },
          ]}
          extra="An https URL of a square image (at least 192 × 192), or a handle from a media upload."
        >
          <Input
            placeholder="https://…/logo.png"
            prefix={/^https?:\/\//.test(picture ?? "") ? <Avatar size={20} src={picture} alt="" /> : undefined}
          />
        </Form.Item>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={() => profile && form.setFieldsValue(toFormValues(profile))} disabled={saving}>
            Reset
          </Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Save profile
          </Button>
        </Flex>
      </Form>
    );

  return (
    <Card
      title="Business profile"
      extra={
        phones.length > 1 && (
          <Select
            aria-label="Phone number of the profile"
            value={phoneId}
            onChange={setPhoneId}
            options={phones.map((p) => ({ value: p.id, label: p.display_phone_number }))}
            style={{ minWidth: 180 }}
          />
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        What customers see in WhatsApp when they open {phones.length > 1 ? "this number's" : "your"} contact info.
      </Typography.Paragraph>
      {body}
    </Card>
  );
}
