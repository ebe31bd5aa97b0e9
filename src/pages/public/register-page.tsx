import { Alert, Button, Result } from "antd";
import { PUBLIC_PATHS } from "../../../contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { callApi, toMessage } from "../../api/light";
import { AuthLayout } from "./auth-layout";
import { registerDefault as registerDefaultSchema } from "../../../schemas/register-default";
import { schemaField } from "./schema-rules";
import { TextField } from "./text-field";
import { ButtonLink } from "../../components/button-link";

interface RegisterValues {
  username: string;
  email: string;
  password: string;
  name: string;
  companyName: string;
  phone: string;
}

const f = (name: keyof RegisterValues) => schemaField(registerDefaultSchema, name);
const FIELDS = {
  username: f("username"),
  email: f("email"),
  password: f("password"),
  name: f("name"),
  companyName: f("companyName"),
  phone: f("phone"),
};

/** Empty optional fields are left out rather than sent as "" (the schema forbids nothing, but it is tidier). */
function compact(values: RegisterValues): Partial<RegisterValues> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string" && v.trim() !== ""));
}

export function RegisterPage() {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<RegisterValues>({
    defaultValues: { username: "", email: "", password: "", name: "", companyName: "", phone: "" },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await callApi("auth.registerDefault", { body: compact(values) });
      setDone(res.message || "Your organization account has been created.");
    } catch (e) {
      setError(toMessage(e));
    }
  });

  const signIn = (
    <span>
      Already have an account? <Link to={PUBLIC_PATHS.login}>Sign in</Link>
    </span>
  );

  if (done) {
    return (
      <AuthLayout title="Account created">
        <Result
          status="success"
          title={<span style={{ fontSize: 18 }}>{done}</span>}
          subTitle="Sign in with your username or email to set up your workspace."
          extra={
            <ButtonLink to={PUBLIC_PATHS.login} type="primary" size="large">
              Continue to sign in
            </ButtonLink>
          }
          style={{ padding: 0 }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Set up an organization workspace in under a minute."
      footer={signIn}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Create your account">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <TextField
          control={control}
          name="name"
          label={FIELDS.name.label}
          rules={FIELDS.name.rules}
          autoComplete="name"
          autoFocus
        />
        <TextField
          control={control}
          name="companyName"
          label={FIELDS.companyName.label}
          rules={FIELDS.companyName.rules}
          autoComplete="organization"
        />
        <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))", columnGap: 12 }}>
          <TextField
            control={control}
            name="username"
            label={FIELDS.username.label}
            rules={FIELDS.username.rules}
            autoComplete="username"
          />
          <TextField
            control={control}
            name="phone"
            type="tel"
            label={FIELDS.phone.label}
            rules={FIELDS.phone.rules}
            autoComplete="tel"
          />
        </div>
        <TextField
          control={control}
          name="email"
          type="email"
          label={FIELDS.email.label}
          rules={FIELDS.email.rules}
          autoComplete="email"
        />
        <TextField
          control={control}
          name="password"
          type="password"
          label={FIELDS.password.label}
          rules={FIELDS.password.rules}
          autoComplete="new-password"
        />
        <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
