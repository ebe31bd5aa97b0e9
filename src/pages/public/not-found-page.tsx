import { Result } from "antd";
import { MSG, ROLE_AREAS } from "../../../contract";
import { useSession } from "../../state/session";
import { AuthLayout } from "./auth-layout";
import { ButtonLink } from "../../components/button-link";

/** SPEC 2's 404: its two lines, and a way back (home for a signed-in user, sign-in otherwise). */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const { user, isLoggedIn } = useSession();
  const home = user && isLoggedIn ? ROLE_AREAS[user.type].home : "/";
  const result = (
    <Result
      status="404"
      title={embedded ? MSG.notFoundTitle : <span style={{ fontSize: 20 }}>404</span>}
      subTitle={MSG.notFoundText}
      style={{ padding: embedded ? 48 : 0 }}
      extra={
        <ButtonLink to={home} type="primary" size="large">
          {user && isLoggedIn ? "Back to dashboard" : "Back to sign in"}
        </ButtonLink>
      }
    />
  );
  // Inside an area the shell is already on screen: the card alone, not a second full page.
  return embedded ? result : <AuthLayout title={MSG.notFoundTitle}>{result}</AuthLayout>;
}
