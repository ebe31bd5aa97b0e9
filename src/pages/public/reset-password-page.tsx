import { Alert, Button, Result } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { MSG, PUBLIC_PATHS } from "../../../contract";
import { callApi, toMessage } from "../../api/light";
import { AuthLayout } from "./auth-layout";
import { resetPassword as resetPasswordSchema } from "../../../schemas/reset-password";
import { schemaField } from "./schema-rules";
import { TextField } from "./text-field";
import { ButtonLink } from "../../components/button-link";

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

const newPassword = schemaField(resetPasswordSchema, "newPassword");

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { control, handleSubmit, formState, getValues } = useForm<ResetValues>({
    defaultValues: { newPassword: "", confirmPassword: "" },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async ({ newPassword: value }) => {
    setError(null);
    try {
      const res = await callApi("auth.resetPassword", { body: { newPassword: value, token } });
      setDone(res.message || MSG.passwordChanged);
    } catch (e) {
      // SPEC 8: the server's message, else 'Failed to reset password' (the call's table default).
      setError(toMessage(e, MSG.resetFailed));
    }
  });

  const back = (
    <span>
      <Link to={PUBLIC_PATHS.login}>Back to sign in</Link>
    </span>
  );

  if (done) {
    return (
      <AuthLayout title="Password updated">
        <Result
          status="success"
          title={<span style={{ fontSize: 18 }}>{done}</span>}
          style={{ padding: 0 }}
          extra={
            <ButtonLink to={PUBLIC_PATHS.login} type="primary" size="large">
              Sign in
            </ButtonLink>
          }
        />
      </AuthLayout>
    );
  }

  if (!token) {
    return (
      <AuthLayout title="Choose a new password" footer={back}>
        <Alert type="warning" showIcon message={MSG.resetTokenInvalid} style={{ marginBottom: 16 }} />
        <ButtonLink to={PUBLIC_PATHS.forgetPassword} block size="large">
          Request a new link
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick a password you have not used here before." footer={back}>
      <form onSubmit={onSubmit} noValidate aria-label="Reset password">
        {error && (
          <Alert
            type="error"
            showIcon
            message={error}
            style={{ marginBottom: 16 }}
            role="alert"
            action={<Link to={PUBLIC_PATHS.forgetPassword}>New link</Link>}
          />
        )}
        <TextField
          control={control}
          name="newPassword"
          type="password"
          label={newPassword.label}
          rules={newPassword.rules}
          autoComplete="new-password"
          autoFocus
        />
        <TextField
          control={control}
          name="confirmPassword"
          type="password"
          label="Confirm new password"
          rules={{
            required: "Confirm your new password",
            validate: (v) => v === getValues("newPassword") || "The passwords do not match",
          }}
          autoComplete="new-password"
        />
        <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
