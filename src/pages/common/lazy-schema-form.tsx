import { Skeleton } from "antd";
import { lazy, Suspense } from "react";
import type { SchemaFormProps } from "./schema-form";

const SchemaFormChunk = lazy(async () => ({ default: (await import("./schema-form")).SchemaForm }));

/** The schema form behind React.lazy: RJSF and ajv load only when a form is first opened. */
export function LazySchemaForm(props: SchemaFormProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <SchemaFormChunk {...props} />
    </Suspense>
  );
}

export type { FormValues, SchemaFormProps } from "./schema-form";
