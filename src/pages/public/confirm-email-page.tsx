import { Alert, Button, Result } from "antd";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { MSG, PUBLIC_PATHS } from "../../../contract";
import { callApi, toMessage } from "../../api/light";
import { AuthLayout } from "./auth-layout";
import { ButtonLink } from "../../components/button-link";

/**
 * Opened from the link mailed to a new email address. Confirming takes a click rather than happening on load,
 * so a mail scanner that opens links, or a page rendered twice, cannot spend the single-use token.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await callApi("auth.confirmEmail", { body: { token } });
      setDone(res.message || MSG.emailConfirmed);
    } catch (e) {
      setError(toMessage(e, MSG.confirmEmailFailed));
    } finally {
      setBusy(false);
    }
  };

  const signIn = (
    <ButtonLink to={PUBLIC_PATHS.login} type={done ? "primary" : "default"} size="large" block={!done}>
      Sign in
    </ButtonLink>
  );

  if (done) {
    return (
      <AuthLayout title="Email address confirmed">
        <Result
          status="success"
          title={<span style={{ fontSize: 18 }}>{done}</span>}
          style={{ padding: 0 }}
          extra={signIn}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Confirm your new email address"
      subtitle="Your account's mail, password resets included, will go to this address from now on."
      footer={<Link to={PUBLIC_PATHS.login}>Back to sign in</Link>}
    >
      {!token ? (
        <Alert type="warning" showIcon message={MSG.emailTokenInvalid} />
      ) : (
        <>
          {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
          <Button type="primary" size="large" block loading={busy} onClick={confirm}>
            Confirm email address
          </Button>
        </>
      )}
    </AuthLayout>
  );
}
