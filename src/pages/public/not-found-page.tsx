import { Button, Result } from "antd";
import { Link } from "react-router";
import { MSG, ROLE_AREAS } from "../../../contract";
import { useSession } from "../../state/session";
import { AuthLayout } from "./auth-layout";

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
        <Link to={home}>
          <Button type="primary" size="large">
            {user && isLoggedIn ? "Back to dashboard" : "Back to sign in"}
          </Button>
        </Link>
      }
    />
  );
  // Inside an area the shell is already on screen: the card alone, not a second full page.
  return embedded ? result : <AuthLayout title={MSG.notFoundTitle}>{result}</AuthLayout>;
}
