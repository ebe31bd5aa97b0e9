import type { HttpError } from "@refinedev/core";
import { App, Card, Flex, Switch, Typography } from "antd";
import { MSG } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";
import { useAbility } from "../../../providers";

export const OPT_IN_SETTING = {
  label: "Require WhatsApp opt-in for business-initiated messages",
  explanation:
    "Meta asks businesses to collect an opt-in before messaging people first. When this is on, WhatsApp template " +
    "campaigns skip every number without a recorded WhatsApp opt-in (the pre-send check counts them as “No " +
    "WhatsApp opt-in recorded”). Replies inside a conversation the customer started are not affected.",
} as const;

/**
 * The account's consent setting (issue 39, item 3) beside the contacts whose consent it reads. Turning enforcement on
 * can leave many numbers out of the next campaign, so it asks first; turning it off does not.
 */
export function ConsentSettings() {
  const { modal } = App.useApp();
  const ability = useAbility();
  const mayRead = ability.can("call", "consent.settings.get");
  const mayWrite = ability.can("call", "consent.settings.update");
  const settings = useCall(
    "consent.settings.get",
    {},
    { errorNotification: false, queryOptions: { enabled: mayRead } },
  );
  const update = useCallMutation("consent.settings.update");
  if (!mayRead) return null;
  const on = settings.query.data?.data.data.requireWhatsappOptIn ?? false;

  const save = async (value: boolean) => {
    await update.mutateAsync({
      body: { requireWhatsappOptIn: value },
      successNotification: false,
      errorNotification: (err?: HttpError) => ({ type: "error" as const, message: err?.message || MSG.somethingWrong }),
    });
    toast.success(value ? "WhatsApp opt-in is now required" : "WhatsApp opt-in is no longer required");
    await settings.query.refetch();
  };
  const change = (value: boolean) => {
    if (!value) return void save(false).catch(() => undefined);
    modal.confirm({
      title: "Require a WhatsApp opt-in?",
      content: "WhatsApp template campaigns will skip every number without a recorded opt-in, from the next start on.",
      okText: "Require opt-in",
      onOk: () => save(true).catch(() => undefined),
    });
  };

  return (
    <Card size="small" title="WhatsApp consent" style={{ marginTop: 16 }}>
      <Flex gap={12} align="flex-start">
        <Switch
          id="require-whatsapp-opt-in"
          checked={on}
          loading={settings.query.isLoading || update.isPending}
          disabled={!mayWrite || settings.query.isError}
          aria-describedby="require-whatsapp-opt-in-help"
          onChange={change}
        />
        <div>
          <label htmlFor="require-whatsapp-opt-in">
            <Typography.Text strong>{OPT_IN_SETTING.label}</Typography.Text>
          </label>
          <Typography.Paragraph id="require-whatsapp-opt-in-help" type="secondary" style={{ marginBottom: 0 }}>
            {OPT_IN_SETTING.explanation}
          </Typography.Paragraph>
        </div>
      </Flex>
    </Card>
  );
}
