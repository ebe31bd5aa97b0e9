import { AI_AGENT_ID, shortText } from "./ai-fields";

export const BUSINESS_CONTEXT_PROPERTIES = {
  companyName: { ...shortText("Company name", 120), minLength: 1 },
  industry: { ...shortText("Industry", 80), minLength: 1 },
  description: shortText("What the business does", 2000),
  website: { type: "string", title: "Website", maxLength: 300, pattern: "^$|^https?://[^\\s\\u0000]+$" },
  email: {
    type: "string",
    title: "Support email",
    maxLength: 254,
    pattern: "^$|^[^@\\s\\u0000]+@[^@\\s\\u0000]+\\.[^@\\s\\u0000]+$",
  },
  phone: { type: "string", title: "Support phone", maxLength: 20, pattern: "^$|^\\+?[0-9 ()-]{6,20}$" },
  address: shortText("Address", 500),
  hours: shortText("Opening hours", 300),
  products: {
    type: "array",
    title: "Products and services",
    maxItems: 50,
    items: { type: "string", minLength: 1, maxLength: 200, pattern: "^[^\\u0000]*$" },
  },
  policies: shortText("Policies (returns, delivery, cancellations)", 4000),
  tone: shortText("Tone of voice", 200),
  languages: {
    type: "array",
    title: "Languages",
    maxItems: 20,
    items: { type: "string", minLength: 1, maxLength: 40, pattern: "^[^\\u0000]*$" },
  },
  agentId: { ...AI_AGENT_ID, description: "The agent this context belongs to; empty: the account's." },
} as const;

export const aiBusinessContext = {
  title: "Business context",
  type: "object",
  additionalProperties: false,
  required: ["companyName", "industry"],
  properties: BUSINESS_CONTEXT_PROPERTIES,
} as const;
