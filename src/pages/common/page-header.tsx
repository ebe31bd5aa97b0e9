import { Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { useRouteTitle } from "../../lib/use-route-title";

export interface PageHeaderProps {
  /** Defaults to the title resources/ declares for the current route. */
  title?: string;
  description?: ReactNode;
  extra?: ReactNode;
}

/** Every screen opens the same way: a title, one line on what it is for, actions on the right. */
export function PageHeader({ title, description, extra }: PageHeaderProps) {
  const routeTitle = useRouteTitle();
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 20 }}>
      <div style={{ minWidth: 0 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title ?? routeTitle}
        </Typography.Title>
        {description && (
          <Typography.Text type="secondary" style={{ display: "block", marginTop: 4 }}>
            {description}
          </Typography.Text>
        )}
      </div>
      {extra && (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
