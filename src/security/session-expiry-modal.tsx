import { ClockCircleOutlined } from "@ant-design/icons";
import { Button, Modal } from "antd";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { MSG, SESSION_CHECK_INTERVAL_MS } from "../../contract";
import { logoutLocally } from "./auth-actions";
import { useSession } from "../state/session";
import { isExpired, nowSeconds } from "./session-expiry";

/** SPEC 4: checks expiry every 60 s and on every route change; an expired session gets the modal. */
export function SessionExpiryWatcher() {
  const { user, isLoggedIn } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [expired, setExpired] = useState(false);
  const expiresAt = isLoggedIn ? user?.expiresAt : undefined;

  useEffect(() => {
    if (expiresAt === undefined) {
      setExpired(false);
      return;
    }
    const check = () => setExpired(isExpired(nowSeconds(), expiresAt));
    check();
    const timer = setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [expiresAt, pathname]);

  const returnToLogin = () => {
    setExpired(false);
    logoutLocally();
    navigate("/", { replace: true });
  };

  return (
    <Modal
      open={expired}
      title={
        <span>
          <ClockCircleOutlined style={{ marginRight: 8 }} />
          {MSG.sessionExpiredTitle}
        </span>
      }
      closable={false}
      maskClosable={false}
      keyboard={false}
      centered
      footer={
        <Button type="primary" onClick={returnToLogin}>
          {MSG.sessionExpiredButton}
        </Button>
      }
    >
      <p style={{ margin: 0 }}>{MSG.sessionExpiredText}</p>
    </Modal>
  );
}
