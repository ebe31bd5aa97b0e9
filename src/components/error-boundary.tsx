import { ReloadOutlined, WarningOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { APP_ERROR_MAX_RETRIES, MSG } from "../../contract";

interface Props {
  children: ReactNode;
  /** Called on reload once in-place retries are used up (tests replace it). */
  onReload?: () => void;
}

/** Plain markup: the boundary must render even when the theme or a component library chunk is what failed. */
const CARD = {
  maxWidth: 520,
  width: "100%",
  boxSizing: "border-box",
  padding: 28,
  borderRadius: 12,
  border: "1px solid rgba(127,127,127,0.25)",
  boxShadow: "0 6px 24px rgba(0,0,0,0.08)",
  background: "var(--app-surface, transparent)",
} as const;

interface State {
  error: Error | null;
  retries: number;
}

/**
 * SPEC 8's 'Application Error' card. Refresh first re-renders in place (cheap, keeps the session); after
 * APP_ERROR_MAX_RETRIES failed retries it reloads the page instead.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Application error", error, info.componentStack);
  }

  private refresh = () => {
    if (this.state.retries >= APP_ERROR_MAX_RETRIES) {
      (this.props.onReload ?? (() => window.location.reload()))();
      return;
    }
    this.setState((s) => ({ error: null, retries: s.retries + 1 }));
  };

  override render() {
    const { error, retries } = this.state;
    if (!error) return this.props.children;
    return (
      <div style={{ minHeight: "60vh", display: "grid", placeItems: "center", padding: 24 }}>
        <section role="alert" style={CARD}>
          <h2 style={{ margin: "0 0 12px", fontSize: 22 }}>
            <WarningOutlined style={{ color: "#dc2626", marginRight: 10 }} />
            {MSG.appErrorTitle}
          </h2>
          <p style={{ margin: "0 0 8px" }}>{error.message || MSG.appErrorDefault}</p>
          <p style={{ margin: "0 0 20px", opacity: 0.7 }}>
            Try refreshing the page. If the problem persists, check your internet connection or contact support.
          </p>
          <Button type="primary" icon={<ReloadOutlined />} onClick={this.refresh}>
            Refresh
          </Button>
          {retries > 0 && (
            <span style={{ marginLeft: 12, opacity: 0.7 }}>
              Attempt {retries} of {APP_ERROR_MAX_RETRIES}
            </span>
          )}
        </section>
      </div>
    );
  }
}
