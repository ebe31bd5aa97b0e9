import { MailOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { MSG, PUBLIC_PATHS } from "../../../contract";
import { callApi, toMessage } from "../../api/light";
import { AuthLayout } from "./auth-layout";
import { sendResetLink as sendResetLinkSchema } from "../../../schemas/send-reset-link";
import { schemaField } from "./schema-rules";
import { TextField } from "./text-field";

const email = schemaField(sendResetLinkSchema, "email");

export function ForgetPasswordPage() {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<{ email: string }>({
    defaultValues: { email: "" },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await callApi("auth.sendResetLink", { body: { email: values.email.trim() } });
      setSent(res.message || MSG.resetLinkSent);
    } catch (e) {
      setError(toMessage(e));
    }
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <span>
          Remembered it? <Link to={PUBLIC_PATHS.login}>Back to sign in</Link>
        </span>
      }
    >
      {sent ? (
        <Alert type="success" showIcon message="Check your inbox" description={sent} role="status" />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Send reset link">
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          <TextField
            control={control}
            name="email"
            type="email"
            label={email.label}
            rules={email.rules}
            autoComplete="email"
            prefix={<MailOutlined />}
            placeholder="you@company.com"
            autoFocus
          />
          <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
