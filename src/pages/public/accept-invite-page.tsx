import { Alert, Button, Result } from "antd";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { PUBLIC_PATHS } from "../../../contract";
import { callApi, toMessage } from "../../api/light";
import { AuthLayout } from "./auth-layout";
import { liveAgentAccept as liveAgentAcceptSchema } from "../../../schemas/live-agent-accept";
import { schemaField } from "./schema-rules";
import { TextField } from "./text-field";
import { ButtonLink } from "../../components/button-link";

interface AcceptValues {
  username: string;
  password: string;
}

const username = schemaField(liveAgentAcceptSchema, "username");
const password = schemaField(liveAgentAcceptSchema, "password");

/** A live agent's invitation link: choose a username and password, then sign in to answer the team's conversations. */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<AcceptValues>({
    defaultValues: { username: "", password: "" },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await callApi("liveAgents.acceptInvite", { body: { token, ...values } });
      setDone(res.message);
    } catch (e) {
      setError(toMessage(e, "The invitation could not be accepted"));
    }
  });

  if (done) {
    return (
      <AuthLayout title="You are in">
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
      <AuthLayout title="Join your team">
        <Alert
          type="warning"
          showIcon
          message="This link has no invitation in it. Open the link from your invitation mail."
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Join your team" subtitle="Choose how you will sign in to answer your team's conversations.">
      <form onSubmit={onSubmit} noValidate aria-label="Accept invitation">
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <TextField
          control={control}
          name="username"
          label={username.label}
          rules={username.rules}
          autoComplete="username"
          autoFocus
        />
        <TextField
          control={control}
          name="password"
          type="password"
          label={password.label}
          rules={password.rules}
          autoComplete="new-password"
        />
        <Button type="primary" htmlType="submit" size="large" block loading={formState.isSubmitting}>
          Join the team
        </Button>
      </form>
    </AuthLayout>
  );
}
