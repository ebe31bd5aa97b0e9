import { Alert, Button } from "antd";
import { MSG } from "../../../contract";

/** A list that could not be read: SPEC's generic message above it, with a way to try again. */
export function LoadFailed({ retry }: { retry: () => unknown }) {
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      message={MSG.somethingWrong}
      action={
        <Button size="small" onClick={() => void retry()}>
          Retry
        </Button>
      }
    />
  );
}
