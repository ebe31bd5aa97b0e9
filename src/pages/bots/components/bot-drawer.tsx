import { Drawer, Form, Typography } from "antd";
import { toast } from "../../../components/toast";
import { AccountPicker } from "../../common/account-picker";
import { LazySchemaForm } from "../../common/lazy-schema-form";
import { FORM_SCHEMAS } from "../../common/validators/form-schemas";
import { validateBot } from "../bot-checks";
import { BOT_UI_SCHEMA, botFormData, changedBotFields } from "../bot-schemas";
import type { BotsModel } from "../use-bots";

/** The admin's create and edit of a bot: RJSF from the shared 'rcs-bot' schema, in a drawer over the cards. */
export function BotDrawer({ page }: { page: BotsModel }) {
  const d = page.drawer;
  const close = () => page.setDrawer(null);
  const isEdit = d?.kind === "edit";
  const initial = isEdit ? botFormData(d.bot) : { useCase: "TRANSACTIONAL", brandColor: "#1a73e8" };
  return (
    <Drawer
      open={d !== null}
      onClose={close}
      width={640}
      destroyOnHidden
      title={isEdit ? `Edit ${d.bot.name}` : "Create RCS bot"}
    >
      {d?.kind === "create" && (
        <>
          <Typography.Paragraph type="secondary">
            The bot is registered with Google RBM and submitted to Jio, Airtel, Vi and BSNL for launch; each carrier
            decides on its own.
          </Typography.Paragraph>
          <Form layout="vertical" component="div">
            <Form.Item
              label="Account"
              required
              help={page.account ? undefined : "The account that will own and send through the bot."}
            >
              <AccountPicker
                value={page.account}
                onChange={page.setAccount}
                placeholder="Choose an account"
                ariaLabel="Bot account"
              />
            </Form.Item>
          </Form>
        </>
      )}
      {d && (
        <LazySchemaForm
          key={isEdit ? d.bot._id : "create"}
          schema={isEdit ? FORM_SCHEMAS.botEdit : FORM_SCHEMAS.botCreate}
          uiSchema={BOT_UI_SCHEMA}
          formData={initial}
          customValidate={validateBot}
          columns={2}
          submitText={isEdit ? "Save changes" : "Create bot"}
          submitting={page.saving}
          onCancel={close}
          onSubmit={(values) => {
            if (!isEdit) {
              if (!page.account) toast.error("Choose the account the bot belongs to");
              else void page.submitCreate(values);
              return;
            }
            const changes = changedBotFields(initial, values);
            if (Object.keys(changes).length === 0) toast.info("Nothing to save");
            else void page.submitEdit(d.bot, changes);
          }}
        />
      )}
    </Drawer>
  );
}
