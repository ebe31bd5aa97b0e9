import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { Alert, Button, Drawer, Flex, Result } from "antd";
import type { ReactNode } from "react";
import type { CarrierChannelRecord } from "../../../../contract";
import { LazySchemaForm, type FormValues } from "../../common/lazy-schema-form";
import type { ChannelActions } from "./channel-card";

/** What the connect drawer says once a connection is made: what is left to do, and what to paste at the provider. */
export interface ConnectedView {
  subTitle: (channel: CarrierChannelRecord) => string;
  webhook: (channel: CarrierChannelRecord) => ReactNode;
}

/** A new connection: what is left to do, a first connection test and its result. */
function ConnectedResult({
  channel,
  page,
  view,
  onDone,
}: {
  channel: CarrierChannelRecord;
  page: Pick<ChannelActions, "test" | "testing" | "lastTest">;
  view: ConnectedView;
  onDone: () => void;
}) {
  const test = page.lastTest[channel._id];
  return (
    <Result
      status="success"
      title={`${channel.name} is connected`}
      subTitle={view.subTitle(channel)}
      extra={
        <Flex vertical gap={16} style={{ textAlign: "left" }}>
          {view.webhook(channel)}
          <Flex gap={8} justify="flex-end">
            <Button onClick={() => void page.test(channel)} loading={page.testing === channel._id}>
              Test connection
            </Button>
            <Button type="primary" onClick={onDone}>
              Done
            </Button>
          </Flex>
          {test && <Alert type={test.ok ? "success" : "error"} showIcon message={test.message} />}
        </Flex>
      }
    />
  );
}

interface ChannelDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  width?: number;
  /** The connection just made in this drawer: it shows instead of `children`. */
  connected?: CarrierChannelRecord | null;
  connectedView?: ConnectedView;
  page: Pick<ChannelActions, "test" | "testing" | "lastTest">;
  children: ReactNode;
}

/** A channel page's drawer over the page: a connect (or edit) form, and once connected what is left to do. */
export function ChannelDrawer({
  open,
  onClose,
  title,
  width = 640,
  connected,
  connectedView,
  page,
  children,
}: ChannelDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} width={width} destroyOnHidden title={title}>
      {connected && connectedView ? (
        <ConnectedResult channel={connected} page={page} view={connectedView} onDone={onClose} />
      ) : (
        open && children
      )}
    </Drawer>
  );
}

/** An edit form of a saved connection: its settings filled in, its secrets empty, checked with the provider on save. */
export interface EditForm {
  intro: ReactNode;
  schema: RJSFSchema;
  uiSchema: UiSchema<FormValues>;
  formData: FormValues;
  onSubmit: (values: FormValues) => void;
}

/**
 * Edit a saved connection in a drawer. The server checks the new settings with the provider before saving them; a
 * refusal saves nothing and the drawer stays open with what was typed.
 */
export function ChannelEditDrawer({
  channel,
  onClose,
  saving,
  page,
  form,
}: {
  channel: CarrierChannelRecord | null;
  onClose: () => void;
  saving: boolean;
  page: ChannelDrawerProps["page"];
  form: (channel: CarrierChannelRecord) => EditForm;
}) {
  const edit = channel && form(channel);
  return (
    <ChannelDrawer
      open={channel !== null}
      onClose={onClose}
      title={channel ? `Edit ${channel.name}` : "Edit"}
      page={page}
    >
      {channel && edit && (
        <Flex vertical gap={16}>
          {edit.intro}
          <LazySchemaForm
            key={channel._id}
            schema={edit.schema}
            uiSchema={edit.uiSchema}
            formData={edit.formData}
            submitText="Check and save"
            submitting={saving}
            onCancel={onClose}
            onSubmit={edit.onSubmit}
          />
        </Flex>
      )}
    </ChannelDrawer>
  );
}
