import {
  Alert,
  Button,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  Progress,
  Row,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from "antd";
import { getCountries } from "libphonenumber-js/min";
import { useMemo, type Dispatch, type ReactNode } from "react";
import { AUDIENCE_MAX_BYTES } from "../../../../../contract/domain/campaigns";
import { formatCount } from "../../../../shell/format";
import {
  audienceFileProblem,
  audienceKind,
  countPasted,
  hasPhoneColumn,
  megabytes,
  peekCsv,
  PHONE_HEADERS,
} from "./audience";
import { AudienceFileDrop } from "./audience-file-drop";
import { columnsUsed } from "./variables";
import { SegmentPicker } from "./segment-picker";
import { segmentColumns, useContactFields } from "./use-contact-fields";
import type { Action, AudienceMode, WizardState } from "./wizard-state";

const regionNames = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "region" }) : null;
const COUNTRIES = getCountries()
  .map((c) => ({ value: c, label: `${regionNames?.of(c) ?? c} (${c})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** Step 3: the audience (a CSV/XLSX file dropped or chosen, or pasted numbers), the default country, and the submit. */
export function AudienceStep({
  state,
  dispatch,
  extra,
  upload,
  creating,
  createError,
  onSubmit,
}: {
  state: WizardState;
  dispatch: Dispatch<Action>;
  /** The SMS failover fields (WhatsApp and RCS). */
  extra?: ReactNode;
  upload: number | null;
  creating: boolean;
  createError: string | null;
  onSubmit: () => void;
}) {
  const { draft, errors } = state;
  const count = useMemo(
    () => (draft.audienceMode === "paste" ? countPasted(draft.numbers, draft.region) : null),
    [draft.audienceMode, draft.numbers, draft.region],
  );
  const used = columnsUsed(draft.variables);
  const missing = draft.columns.length ? used.filter((c) => !draft.columns.includes(c)) : [];
  const contactFields = useContactFields();
  const segmentMissing = used.filter((c) => !segmentColumns(contactFields.options).includes(c));

  const choose = async (file: File) => {
    const problem = audienceFileProblem(file);
    if (problem) return dispatch({ type: "errors", errors: { file: problem } });
    dispatch({ type: "errors", errors: {} });
    const peek = audienceKind(file.name) === "csv" ? peekCsv(await file.slice(0, 64 * 1024).text()) : null;
    dispatch({ type: "edit", patch: { file, columns: peek?.columns ?? [] } });
  };

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <Form layout="vertical">
          <Form.Item label="Audience">
            <Segmented
              aria-label="Audience source"
              value={draft.audienceMode}
              onChange={(v) => dispatch({ type: "edit", patch: { audienceMode: v as AudienceMode } })}
              options={[
                { value: "file", label: "Upload a file" },
                { value: "paste", label: "Paste numbers" },
                { value: "segment", label: "Segment" },
              ]}
            />
          </Form.Item>
          {draft.audienceMode === "segment" ? (
            <>
              <SegmentPicker
                value={draft.segmentId}
                error={errors.segmentId}
                onChange={(segmentId) => dispatch({ type: "edit", patch: { segmentId } })}
              />
              {segmentMissing.length > 0 && (
                <Alert
                  style={{ marginBottom: 16 }}
                  type="warning"
                  showIcon
                  message={`A segment has no column ${segmentMissing.join(", ")}: go back to Variables and take the value from the contact`}
                />
              )}
            </>
          ) : draft.audienceMode === "file" ? (
            <Form.Item validateStatus={errors.file ? "error" : undefined} help={errors.file}>
              <AudienceFileDrop
                file={draft.file}
                onChoose={(file) => void choose(file)}
                hint={`One row per recipient, with a header row and a phone column (${PHONE_HEADERS.slice(0, 3).join(", ")}…). Up to ${megabytes(AUDIENCE_MAX_BYTES)}.`}
              />
              {draft.columns.length > 0 && (
                <Flex gap={4} wrap style={{ marginTop: 8 }} aria-label="Columns found">
                  <Typography.Text type="secondary">Columns:</Typography.Text>
                  {draft.columns.map((c) => (
                    <Tag key={c} color={used.includes(c) ? "blue" : undefined}>
                      {c}
                    </Tag>
                  ))}
                </Flex>
              )}
              {draft.columns.length > 0 && !hasPhoneColumn(draft.columns) && (
                <Alert
                  style={{ marginTop: 8 }}
                  type="warning"
                  showIcon
                  message="No phone column found by its header: the server may refuse this file."
                />
              )}
              {missing.length > 0 && (
                <Alert
                  style={{ marginTop: 8 }}
                  type="warning"
                  showIcon
                  message={`Variables use column${missing.length > 1 ? "s" : ""} not in this file: ${missing.join(", ")}`}
                />
              )}
              <Checkbox
                style={{ marginTop: 12 }}
                checked={draft.saveToContacts}
                onChange={(e) => dispatch({ type: "edit", patch: { saveToContacts: e.target.checked } })}
              >
                Save this audience to contacts
              </Checkbox>
              <Typography.Paragraph type="secondary" style={{ margin: "4px 0 0 24px" }}>
                New numbers become contacts with the file&apos;s name column; existing contacts keep their values (an
                empty name is filled from the file).
              </Typography.Paragraph>
            </Form.Item>
          ) : (
            <Form.Item
              label="Numbers"
              htmlFor="audience-numbers"
              validateStatus={errors.numbers ? "error" : undefined}
              help={errors.numbers}
              extra="One per line, or separated by commas."
            >
              <Input.TextArea
                id="audience-numbers"
                rows={8}
                value={draft.numbers}
                placeholder={"+91 90000 00001\n9000000002"}
                onChange={(e) => dispatch({ type: "edit", patch: { numbers: e.target.value } })}
              />
              {count && count.entries > 0 && (
                <Space size={12} style={{ marginTop: 6 }} data-testid="paste-count" aria-live="polite">
                  <Typography.Text>{`${formatCount(count.valid)} valid`}</Typography.Text>
                  {count.invalid > 0 && (
                    <Typography.Text type="danger">{`${formatCount(count.invalid)} invalid`}</Typography.Text>
                  )}
                  {count.duplicates > 0 && (
                    <Typography.Text type="warning">{`${formatCount(count.duplicates)} duplicate${count.duplicates > 1 ? "s" : ""}`}</Typography.Text>
                  )}
                </Space>
              )}
            </Form.Item>
          )}
          <Form.Item
            label="Default country"
            htmlFor="audience-region"
            extra="For numbers written without a country code."
            validateStatus={errors.region ? "error" : undefined}
            help={errors.region}
          >
            <Select
              id="audience-region"
              aria-label="Default country"
              showSearch
              optionFilterProp="label"
              value={draft.region}
              options={COUNTRIES}
              onChange={(region: string) => dispatch({ type: "edit", patch: { region } })}
              style={{ maxWidth: 320 }}
            />
          </Form.Item>
          {extra}
          {createError && <Alert type="error" showIcon message={createError} style={{ marginBottom: 16 }} />}
          {upload !== null && (
            <div aria-label="Upload progress" style={{ marginBottom: 16 }}>
              <Typography.Text>
                {upload < 100 ? `Uploading ${draft.file?.name ?? "audience"}` : "Uploaded: the server is reading it"}
              </Typography.Text>
              <Progress percent={upload} status="active" />
            </div>
          )}
          <Button type="primary" loading={creating} onClick={onSubmit}>
            Create campaign and check audience
          </Button>
        </Form>
      </Col>
    </Row>
  );
}
