import { numeric, timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Money is numeric(14,2): exact arithmetic in SQL, converted to a number only at the edge. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
