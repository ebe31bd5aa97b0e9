import { DeleteOutlined } from "@ant-design/icons";
import Form from "@rjsf/antd";
import type { IChangeEvent } from "@rjsf/core";
import type { RJSFSchema, ValidatorType } from "@rjsf/utils";
import { Alert, App, Button, Divider, Input, Space, Tag, Typography } from "antd";
import { useMemo, useRef, useState } from "react";
import {
  NODE_ID,
  variablesFor,
  type GraphProblem,
  type WorkflowGraph,
} from "../../../../contract/domain/workflow-graph";
import { HEADER_MEDIA_STEPS } from "../../../../contract/domain/workflow-header-media";
import { NODE_SPECS } from "../../../../contract/domain/workflow-nodes";
import { AgentSelect } from "./agent-select";
import type { StepNode } from "./flow-model";
import { TemplateHeaderField } from "./template-header-field";
import type { WaTemplateChoice } from "./use-wa-templates";

const WIDGETS = { agentSelect: AgentSelect };

type Values = Record<string, unknown>;

/**
 * The side panel checks nothing itself: the problem list (the shared graph checks, which the server runs again on
 * publish) says what is wrong, live, for every step. So RJSF gets a validator that accepts everything; the node
 * schemas have no oneOf/anyOf for it to choose between. (Precompiled ajv code for 27 node schemas was 85 KB gzipped
 * in every form's chunk.)
 */
const ACCEPT_ALL: ValidatorType<Values> = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};
interface Props {
  step: StepNode;
  graph: WorkflowGraph;
  problems: GraphProblem[];
  webhookUrl: string | null;
  /** The account's WhatsApp templates, for a Send template step's header media. */
  templates: readonly WaTemplateChoice[];
  onChange: (patch: { settings?: Values; label?: string }) => void;
  onRename: (to: string) => void;
  onRemove: () => void;
}

/** Long texts get a text area; the rest keep RJSF's widgets. */
function uiSchemaOf(schema: RJSFSchema) {
  const ui: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(schema.properties ?? {})) {
    const prop = p as RJSFSchema;
    if (prop.type === "string" && !prop.enum && (prop.maxLength ?? 0) >= 1000)
      ui[k] = { "ui:widget": "textarea", "ui:options": { rows: k === "body" ? 4 : 3 } };
  }
  if (schema.properties?.agentId && (schema.properties.agentId as RJSFSchema).title === "Live agent")
    ui.agentId = { "ui:widget": "agentSelect" };
  // Chosen with the header-media picker under the form, never typed.
  for (const k of ["headerMediaId", "headerMediaName"]) if (schema.properties?.[k]) ui[k] = { "ui:widget": "hidden" };
  return ui;
}

/**
 * The side panel of the selected step: its name (the `{{steps.<name>…}}` it is read by), label, settings as an RJSF
 * form from the node type's JSON Schema, the variables it may use (click one to put it into the field last edited),
 * and its problems.
 */
export function NodePanel({ step, graph, problems, webhookUrl, templates, onChange, onRename, onRemove }: Props) {
  const { message } = App.useApp();
  const spec = NODE_SPECS[step.data.type];
  const schema = spec.schema as unknown as RJSFSchema;
  const uiSchema = useMemo(() => ({ "ui:submitButtonOptions": { norender: true }, ...uiSchemaOf(schema) }), [schema]);
  const [name, setName] = useState(step.id);
  const lastField = useRef<string | null>(null);
  const vars = variablesFor(graph, step.id);
  const nameError =
    name !== step.id &&
    (!NODE_ID.test(name)
      ? "Lowercase letters, digits and _; starts with a letter"
      : graph.nodes.some((n) => n.id === name)
        ? "Another step has that name"
        : null);

  const insert = (v: string) => {
    const token = `{{${v.replace("<name>", "name")}}}`;
    const field = lastField.current;
    const current = field ? step.data.settings[field] : undefined;
    if (
      field &&
      (typeof current === "string" || current === undefined) &&
      (schema.properties?.[field] as RJSFSchema | undefined)?.type === "string"
    ) {
      onChange({ settings: { ...step.data.settings, [field]: `${current ?? ""}${token}` } });
      void message.success(`Added ${token} to ${String((schema.properties?.[field] as RJSFSchema).title ?? field)}`);
    } else {
      void navigator.clipboard?.writeText(token).catch(() => undefined);
      void message.info(`Copied ${token}: click into a text field first to insert it there`);
    }
  };

  return (
    <div style={{ padding: "0 4px" }} aria-label={`Settings of ${step.id}`}>
      <Space align="center" style={{ width: "100%", justifyContent: "space-between" }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {spec.label}
        </Typography.Title>
        <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={`Delete step ${step.id}`}>
          Delete
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: "4px 0 12px" }}>
        {spec.help}
      </Typography.Paragraph>
      {spec.needsAi && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="Needs the AI agent hub; until it is part of this build the step fails with a message that says so."
        />
      )}
      <label style={{ fontSize: 12 }} htmlFor="wf-step-name">
        Step name
      </label>
      <Input
        id="wf-step-name"
        size="small"
        value={name}
        status={nameError ? "error" : undefined}
        onChange={(e) => setName(e.target.value.trim())}
        onBlur={() => (nameError || name === step.id ? setName(step.id) : onRename(name))}
        onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
      />
      {nameError && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {nameError}
        </Typography.Text>
      )}
      <label style={{ fontSize: 12, display: "block", marginTop: 8 }} htmlFor="wf-step-label">
        Label on the canvas
      </label>
      <Input
        id="wf-step-label"
        size="small"
        placeholder={spec.label}
        value={step.data.label ?? ""}
        maxLength={80}
        onChange={(e) => onChange({ label: e.target.value })}
      />
      {step.data.type === "trigger.webhook" && webhookUrl && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          message="POST JSON to this URL (the secret is part of it):"
          description={
            <Typography.Text copyable code style={{ wordBreak: "break-all", fontSize: 12 }}>
              {webhookUrl}
            </Typography.Text>
          }
        />
      )}
      <Divider style={{ margin: "12px 0" }} />
      {Object.keys(schema.properties ?? {}).length === 0 ? (
        <Typography.Text type="secondary">This step has no settings.</Typography.Text>
      ) : (
        <Form
          key={step.id}
          schema={schema}
          uiSchema={uiSchema}
          formData={step.data.settings}
          validator={ACCEPT_ALL}
          widgets={WIDGETS}
          liveValidate={false}
          showErrorList={false}
          noHtml5Validate
          omitExtraData={false}
          onChange={(e: IChangeEvent<Values>) => onChange({ settings: e.formData ?? {} })}
          onFocus={(id) => (lastField.current = id.replace(/^root_/, "").split("_")[0] ?? null)}
        />
      )}
      {HEADER_MEDIA_STEPS.has(step.data.type) && (
        <TemplateHeaderField
          settings={step.data.settings}
          templates={templates}
          onChange={(settings) => onChange({ settings })}
        />
      )}
      {problems.length > 0 && (
        <Space direction="vertical" style={{ width: "100%", marginTop: 8 }}>
          {problems.map((p, i) => (
            <Alert
              key={i}
              type={p.severity === "error" ? "error" : "warning"}
              showIcon
              message={p.message}
              style={{ fontSize: 12 }}
            />
          ))}
        </Space>
      )}
      <Divider style={{ margin: "12px 0" }} orientation="left" plain>
        Variables
      </Divider>
      <Space size={[4, 4]} wrap aria-label="Variables this step can use">
        {vars.map((v) => (
          <Tag
            key={v}
            color="blue"
            style={{ cursor: "pointer" }}
            role="button"
            tabIndex={0}
            onClick={() => insert(v)}
            onKeyDown={(e) => e.key === "Enter" && insert(v)}
          >
            {`{{${v}}}`}
          </Tag>
        ))}
      </Space>
    </div>
  );
}
