import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Alert, Button } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { PUBLIC_PATHS, ROLE_AREAS } from "../../../contract";
import { login } from "../../security/auth-actions";
import { AuthLayout } from "./auth-layout";
import { login as loginSchema } from "../../../schemas/login";
import { schemaField } from "./schema-rules";
import { TextField } from "./text-field";

interface LoginValues {
  email: string;
  password: string;
}

const email = schemaField(loginSchema, "email");
const password = schemaField(loginSchema, "password");

export function LoginPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<LoginValues>({
    defaultValues: { email: "", password: "" },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const user = await login(values);
      navigate(ROLE_AREAS[user.type].home, { replace: true });
    } catch (e) {
      // login() already maps to the server's message or 'Login failed'.
      setError(e instanceof Error ? e.message : String(e));
    }
  });

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to manage your campaigns, templates and conversations."
      footer={
        <span>
          New to the console? <Link to={PUBLIC_PATHS.register}>Create an account</Link>
        </span>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Sign in">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 20 }} role="alert" />}
        <TextField
          control={control}
          name="email"
          label={email.label}
          rules={email.rules}
          autoComplete="username"
          prefix={<UserOutlined />}
          placeholder="you@company.com"
          autoFocus
        />
        <TextField
          control={control}
          name="password"
          type="password"
          label={password.label}
          rules={password.rules}
          autoComplete="current-password"
          prefix={<LockOutlined />}
          placeholder="Your password"
          aside={<Link to={PUBLIC_PATHS.forgetPassword}>Forgot password?</Link>}
        />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={formState.isSubmitting}
          style={{ marginTop: 4 }}
        >
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
