import { useList } from "@refinedev/core";
import { Button, Card, Drawer, Empty, Flex, Select, Skeleton, Tag, Typography } from "antd";
import { useState } from "react";
import { MSG } from "../../../../contract";
import { LIBRARY_INDUSTRIES, type LibraryTemplate } from "../../../../contract/domain/template-library";

const TYPE_LABEL = { text: "Text", standalone: "Rich card", carousel: "Carousel" } as const;

/**
 * RCS templates of the library to start from (SPEC 4: choosing one fills the builder and sets the from-library flag).
 */
export function LibraryDrawer({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (t: LibraryTemplate) => void;
}) {
  const [industry, setIndustry] = useState<string | undefined>(undefined);
  const { result, query } = useList<LibraryTemplate>({
    resource: "template-library",
    filters: [
      { field: "channel", operator: "eq", value: "rcs" },
      { field: "industry", operator: "eq", value: industry },
    ],
    pagination: { mode: "off" },
    queryOptions: { enabled: open },
    errorNotification: { type: "error", message: MSG.fetchTemplates },
  });
  return (
    <Drawer title="Start from the template library" open={open} onClose={onClose} width={440}>
      <Select
        allowClear
        placeholder="All industries"
        value={industry}
        onChange={setIndustry}
        style={{ width: "100%", marginBottom: 16 }}
        aria-label="Industry"
        options={LIBRARY_INDUSTRIES.map((i) => ({ value: i, label: i[0].toUpperCase() + i.slice(1) }))}
      />
      {query.isLoading ? (
        <Skeleton active />
      ) : result.data.length === 0 ? (
        <Empty description="No RCS templates for this industry." />
      ) : (
        <Flex vertical gap={12}>
          {result.data.map((t) => (
            <Card key={t.id} size="small" hoverable>
              <Flex justify="space-between" align="flex-start" gap={12}>
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong>{t.name}</Typography.Text>
                  <div>
                    <Tag>{t.industry}</Tag>
                    {t.rcs && <Tag color="blue">{TYPE_LABEL[t.rcs.type]}</Tag>}
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    {t.description}
                  </Typography.Text>
                </div>
                <Button type="primary" ghost size="small" onClick={() => onChoose(t)} aria-label={`Use ${t.name}`}>
                  Use
                </Button>
              </Flex>
            </Card>
          ))}
        </Flex>
      )}
    </Drawer>
  );
}
