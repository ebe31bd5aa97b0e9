import { useInvalidate, useOne, type HttpError } from "@refinedev/core";
import { Alert, Badge, Button, Card, Col, Descriptions, Row, Skeleton, Typography } from "antd";
import type { CustomValidator } from "@rjsf/utils";
import { useState } from "react";
import { toMessage, useCallMutation, type UserRecord } from "../../api";
import { toast } from "../../components/toast";
import { sessionStore, useSession } from "../../state/session";
import { formatDate, formatINR } from "../../shell/format";
import { LazySchemaForm, type FormValues } from "../common/lazy-schema-form";
import { PageHeader } from "../common/page-header";
import { RoleTag } from "../common/role-tag";
import { FORM_SCHEMAS } from "../common/validators/form-schemas";
import { PASSWORD_UI, PROFILE_UI, passwordMismatch, profileChanges, profileFormData } from "./profile-schemas";

const confirmMatches: CustomValidator<FormValues> = (data, errors) => {
  if (passwordMismatch(data)) errors.confirmPassword?.addError("Confirm new password does not match the new password");
  return errors;
};

/** Account settings (workspace `general`): the profile as stored, its editable fields, and a password change. */
export function AccountPage() {
  return (
    <>
      <PageHeader description="Your account: profile, contact details and password." />
      <AccountPanels />
    </>
  );
}

/** The account panels without a page header, also shown as a tab of the admin/reseller Settings screen. */
export function AccountPanels() {
  const { user } = useSession();
  const invalidate = useInvalidate();
  // resources/account.ts: show is profile.get (the caller's own record; the id only keys the cache per person).
  const { query: profile } = useOne<UserRecord, HttpError>({
    resource: "account",
    id: user?._id,
    // A failed load is shown in the page's Alert with Retry, not as a toast.
    errorNotification: false,
  });
  const update = useCallMutation("profile.update");
  const [saving, setSaving] = useState<"profile" | "password" | null>(null);
  const [passwordFormKey, setPasswordFormKey] = useState(0);

  const save = async (kind: "profile" | "password", body: FormValues) => {
    setSaving(kind);
    try {
      const res = await update.mutateAsync({
        body,
        successNotification: () => ({
          type: "success",
          message: kind === "profile" ? "Profile updated" : "Password changed",
        }),
        errorNotification: (err) => ({ type: "error", message: err?.message || toMessage(err) }),
      });
      await invalidate({ resource: "account", invalidates: ["detail"], id: user?._id });
      // The header shows the session's name and email: keep them in step with what was saved.
      const session = sessionStore.getState().auth.user;
      const saved = res.data;
      if (session && kind === "profile")
        sessionStore.loginSucceeded({ ...session, name: saved.name, email: saved.email, timeZone: saved.timeZone });
      if (kind === "password") setPasswordFormKey((k) => k + 1);
    } catch {
      // The error notification above has told the person; the form keeps what they typed.
    } finally {
      setSaving(null);
    }
  };

  const data: UserRecord | undefined = profile.data?.data;
  const initial = profileFormData(data);

  return (
    <>
      {profile.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={profile.error?.message || toMessage(profile.error)}
          action={
            <Button size="small" onClick={() => profile.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title="Profile">
            {profile.isPending ? (
              <Skeleton active paragraph={{ rows: 7 }} />
            ) : data ? (
              <Descriptions column={1} size="small" styles={{ label: { width: 130 } }}>
                <Descriptions.Item label="Username">{data.username}</Descriptions.Item>
                <Descriptions.Item label="Name">{data.name || "—"}</Descriptions.Item>
                <Descriptions.Item label="Email">{data.email}</Descriptions.Item>
                <Descriptions.Item label="Role">
                  <RoleTag role={data.type} />
                </Descriptions.Item>
                <Descriptions.Item label="Company">{data.companyName || "—"}</Descriptions.Item>
                <Descriptions.Item label="Phone">{data.phone || "—"}</Descriptions.Item>
                <Descriptions.Item label="Time zone">{data.timeZone}</Descriptions.Item>
                <Descriptions.Item label="Status">
                  <Badge
                    status={data.status === "active" ? "success" : "error"}
                    text={data.status === "active" ? "Active" : "Suspended"}
                  />
                </Descriptions.Item>
                <Descriptions.Item label="Balance">{formatINR(data.balance)}</Descriptions.Item>
                <Descriptions.Item label="Member since">{formatDate(data.createdAt)}</Descriptions.Item>
                <Descriptions.Item label="Account ID">
                  <Typography.Text copyable code style={{ fontSize: 12 }}>
                    {data._id}
                  </Typography.Text>
                </Descriptions.Item>
              </Descriptions>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title="Edit profile" style={{ marginBottom: 16 }}>
            {profile.isPending ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : (
              <LazySchemaForm
                key={data?._id ?? "none"}
                schema={FORM_SCHEMAS.profileDetails}
                uiSchema={PROFILE_UI}
                formData={initial}
                columns={2}
                submitText="Save profile"
                submitting={saving === "profile"}
                onSubmit={(values) => {
                  const changes = profileChanges(initial, values);
                  if (Object.keys(changes).length === 0) toast.info("Nothing to save");
                  else void save("profile", changes);
                }}
              />
            )}
          </Card>
          <Card title="Change password">
            <LazySchemaForm
              key={passwordFormKey}
              schema={FORM_SCHEMAS.passwordChange}
              uiSchema={PASSWORD_UI}
              customValidate={confirmMatches}
              columns={2}
              submitText="Change password"
              submitting={saving === "password"}
              onSubmit={({ currentPassword, newPassword }) => void save("password", { currentPassword, newPassword })}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
